import { describe, expect, it } from 'vitest';
import { gt06Ack, gt06TimeResponse, gt06WifiAck } from './gt06.encoder.js';

describe('gt06 encoder', () => {
  it('builds the login acknowledgements given in the reference', () => {
    // reference/protocols.md §2: `78 78 05 01 00 01 D9 DC 0D 0A` and `78 78 05 01 00 09 55 94 0D 0A`
    expect(gt06Ack(0x01, 0x0001).toString('hex')).toBe('78780501' + '0001d9dc0d0a');
    expect(gt06Ack(0x01, 0x0009).toString('hex')).toBe('78780501' + '000955940d0a');
  });

  it('answers a time request with the UTC date and serial 0', () => {
    const reply = gt06TimeResponse(Date.UTC(2024, 4, 1, 10, 20, 30));
    expect(reply.subarray(0, 10).toString('hex')).toBe('78780b8a' + '1805010a141e');
    expect(reply.subarray(10, 12).toString('hex')).toBe('0000');
    expect(reply.subarray(-2).toString('hex')).toBe('0d0a');
  });

  it('echoes the BCD time of a Wi-Fi packet without CRC', () => {
    expect(gt06WifiAck(0x69, Buffer.from('190121050903', 'hex')).toString('hex')).toBe('7878006919012105090' + '30d0a');
  });
});
