import { describe, expect, it } from 'vitest';
import { crc16Arc, crc16X25 } from './crc16.js';

describe('crc16', () => {
  it('computes CRC-16/X-25 as in the GT06 login acknowledgement', () => {
    // reference/protocols.md: X-25 of 05 01 00 01 is D9DC
    expect(crc16X25(Buffer.from('05010001', 'hex'))).toBe(0xd9dc);
    expect(crc16X25(Buffer.from('05010009', 'hex'))).toBe(0x5594);
  });

  it('computes CRC-16/ARC over the Teltonika codec-12 command', () => {
    // reference/protocols.md: `setdigout 11` command packet ends with CRC BED5
    const packet = Buffer.from('00000000000000140c01050000000c7365746469676f7574203131010000bed5', 'hex');
    expect(crc16Arc(packet.subarray(8, packet.length - 4))).toBe(0xbed5);
  });

  it('computes it over a range of the bytes as over a view of that range', () => {
    const packet = Buffer.from('787805010001d9dc0d0a', 'hex');
    expect(crc16X25(packet, 2, 6)).toBe(0xd9dc);
    expect(crc16Arc(packet, 2, 6)).toBe(crc16Arc(packet.subarray(2, 6)));
  });
});
