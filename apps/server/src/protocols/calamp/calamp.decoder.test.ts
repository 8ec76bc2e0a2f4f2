import { describe, expect, it } from 'vitest';
import { CALAMP_MESSAGES as M } from '../../../test/helpers/calamp-messages.js';
import type { DecodeContext } from '../protocol-definition.js';
import { FrameError } from '../transport/byte-reader.js';
import { decodeCalAmp } from './calamp.decoder.js';

const NOW = Date.UTC(2026, 11, 4, 12, 0, 0);
const context = (uniqueId: string | undefined): DecodeContext<unknown> => ({ uniqueId, model: undefined, transport: 'udp', state: {}, now: () => NOW });
const decode = (hex: string, uniqueId?: string) => decodeCalAmp(Buffer.from(hex, 'hex'), context(uniqueId));
const KNOTS_PER_MPS = 1.943844;

describe(decodeCalAmp.name, () => {
  it('reads an event report: the unit from the options header, fix, radio, inputs, event and accumulators; acknowledges it', () => {
    const { identify, positions, ack } = decode(M.eventReport);
    expect(identify).toBe('1633033459');
    expect(positions).toHaveLength(1);
    const position = positions[0]!;
    expect(position).toMatchObject({ uniqueId: '1633033459', protocol: 'calamp', deviceTime: Date.UTC(2017, 8, 5, 10, 27, 32), fixTime: Date.UTC(2017, 8, 5, 10, 27, 32), valid: true, course: 69, altitude: 555.74 });
    expect(position.latitude).toBeCloseTo(18.499067, 7);
    expect(position.longitude).toBeCloseTo(73.8284046, 7);
    expect(position.speed).toBeCloseTo(4.41 * KNOTS_PER_MPS, 4);
    expect(position.attributes).toEqual({
      type: 2, sat: 9, carrier: 90, rssi: -91, modem: 15, hdop: 0.9, input: 0x1f, ignition: true, status: 0, event: 13, append: 0,
      acc0: 0xf24, acc1: 0x1b9, acc2: 0, acc3: 0x3714,
    });
    // response service, ACK message, the report's sequence and type, result 0
    expect(ack.map((bytes) => bytes.toString('hex'))).toEqual(['0201' + '8afd' + '02' + '00' + '00' + '000000']);
  });

  it('reads a mini event report: speed in km/h, satellites and validity in one byte', () => {
    const [position] = decode(M.miniEventReport).positions;
    expect(position).toMatchObject({ uniqueId: '4332149486', fixTime: Date.UTC(2015, 8, 30, 3, 43, 26), valid: true, course: 240, altitude: 0 });
    expect(position!.latitude).toBeCloseTo(24.6272041, 7);
    expect(position!.longitude).toBeCloseTo(46.8513733, 7);
    expect(position!.speed).toBeCloseTo(5 / 1.852, 4);
    expect(position!.attributes).toEqual({ type: 10, sat: 9, modem: 15, input: 0x1f, ignition: true, event: 51, acc0: 0x301, acc1: 0x40c0a6, acc2: 0, acc3: 0, acc4: 0x8b12a102 });
  });

  it("keeps a user data message's text as its result, sent 41 minutes after its unit's last fix", () => {
    const [position] = decode(M.userData).positions;
    expect(position).toMatchObject({ uniqueId: '4764358634', attributes: { type: 4, result: '0x300ED89F335019000000467E' } });
    expect(position).toMatchObject({ deviceTime: Date.UTC(2020, 9, 30, 16, 5, 14), fixTime: Date.UTC(2020, 9, 30, 15, 24, 30) });
  });

  it('acknowledges an ID report without a position, and takes a message without options from the unit of its address', () => {
    expect(decode(M.idReport)).toEqual({ identify: '4532104183', positions: [], ack: [Buffer.from('02010001030000000000', 'hex')] });
    const withoutOptions = M.unfixedReport.slice(M.unfixedReport.indexOf('0101020001') + 2);
    expect(decode(withoutOptions)).toEqual({ positions: [], ack: [] });
    const unfixed = Date.UTC(2016, 5, 11, 18, 31, 31);
    expect(decode(withoutOptions, '2132052924').positions[0]).toMatchObject({ uniqueId: '2132052924', hasLocation: false, valid: false, deviceTime: unfixed, fixTime: unfixed, attributes: { type: 2 } });
  });

  it('rejects a report cut short as a bad frame', () => {
    expect(() => decode(M.eventReport.slice(0, 60))).toThrow(FrameError);
  });
});
