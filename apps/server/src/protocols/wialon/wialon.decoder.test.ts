import { describe, expect, it } from 'vitest';
import { WIALON_MESSAGES as M } from '../../../test/helpers/wialon-messages.js';
import type { DecodeContext } from '../protocol-definition.js';
import { crc16Arc } from '../transport/crc16.js';
import { decodeWialon } from './wialon.decoder.js';

const NOW = Date.UTC(2026, 11, 4, 12, 0, 0);
const context = (uniqueId: string | undefined, transport: 'tcp' | 'udp' = 'tcp'): DecodeContext<unknown> => ({ uniqueId, model: undefined, transport, state: {}, now: () => NOW });
/** A TCP connection whose login bound it to its tracker. */
const LOGGED_IN = context('860000000000001');
const decode = (text: string, ctx = LOGGED_IN) => decodeWialon(Buffer.from(text, 'utf8'), ctx);
const acks = (text: string, ctx = LOGGED_IN) => decode(text, ctx).ack.map((ack) => ack.toString('utf8'));
const only = (text: string, ctx = LOGGED_IN) => {
  const { positions } = decode(text, ctx);
  expect(positions).toHaveLength(1);
  return positions[0]!;
};
const KNOTS_PER_KPH = 1 / 1.852;

describe(decodeWialon.name, () => {
  it('logs in with or without the version 2.0 field, answering #AL#1 once known and #AL#0 when not', () => {
    const v2 = decode(M.loginV2, context(undefined));
    expect(v2.identify).toBe('42001300083');
    expect(v2.ack.map(String)).toEqual(['#AL#1\r\n']);
    expect(v2.reject?.toString()).toBe('#AL#0\r\n');
    expect(decode(M.loginV1, context(undefined)).identify).toBe('123456789012345');
    expect(decode('#L#2002;NA', context(undefined)).identify).toBe('2002');
    expect(acks('#L#;NA', context(undefined))).toEqual(['#AL#0\r\n']);
  });

  it('reads a short data packet: time, place, km/h as knots, course, height, satellites; answered #ASD#1', () => {
    const position = only(M.shortData);
    expect(position).toMatchObject({ uniqueId: '860000000000001', protocol: 'wialon', fixTime: Date.UTC(2013, 3, 27, 20, 56, 1), valid: true, hasLocation: true, course: 2, altitude: 3 });
    expect(position.latitude).toBeCloseTo(55 + 44.6025 / 60, 6);
    expect(position.longitude).toBeCloseTo(37 + 39.6834 / 60, 6);
    expect(position.speed).toBeCloseTo(KNOTS_PER_KPH, 4);
    expect(position.attributes).toEqual({ sat: 4 });
    expect(acks(M.shortData)).toEqual(['#ASD#1\r\n']);
  });

  it('takes the tracker a UDP datagram names, in either version', () => {
    const result = decode(M.shortDataOverUdp, context(undefined, 'udp'));
    expect(result.identify).toBe('99999999');
    expect(result.positions[0]?.uniqueId).toBe('99999999');
    const v2 = decode(`2.0;860000000000002${M.shortData};4C1D\r\n`, context(undefined, 'udp'));
    expect(v2.identify).toBe('860000000000002');
    expect(v2.positions[0]?.attributes).toEqual({ sat: 4 });
  });

  it('reads an extended packet: HDOP, inputs, outputs, analog inputs and typed params', () => {
    expect(only(M.extendedData).attributes).toEqual({ sat: 4, hdop: 0, input: 0, output: 0, adc1: 14.77, adc2: 0.02, adc3: 3.6, count1: 564, fuel: 45.8, hw: 'V4.5' });
    expect(acks(M.extendedData)).toEqual(['#AD#1\r\n']);
    expect(only(M.blackBoxWithDriver.replace('#B#', '#D#')).attributes).toMatchObject({ input: 4, output: 0, driverUniqueId: 'AB45DF01145' });
  });

  it("drops version 2.0's checksum instead of reading it into the last param", () => {
    const body = M.extendedDataV2.slice('#D#'.length, M.extendedDataV2.lastIndexOf(';') + 1);
    expect(crc16Arc(Buffer.from(body)).toString(16).toUpperCase()).toBe('F24A');
    const position = only(M.extendedDataV2);
    expect(position).toMatchObject({ fixTime: Date.UTC(2018, 10, 10, 6, 11, 43), altitude: -4, valid: true });
    expect(position.latitude).toBeCloseTo(7 + 56.093 / 60, 6);
    expect(position.longitude).toBeCloseTo(123 + 38.6403 / 60, 6);
    expect(position.attributes).toMatchObject({ sat: 10, hdop: 0.8, '101_521347': 521249, '101_521072_21.2': 71353 });
  });

  it('stamps a packet without a time with now, and one without coordinates for the last known location', () => {
    const untimed = only(M.withoutTime);
    expect(untimed).toMatchObject({ fixTime: NOW, hasLocation: true, valid: false });
    expect(untimed.latitude).toBeCloseTo(54 + 29.681944502211763 / 60, 9);
    expect(untimed.attributes).toMatchObject({ adc1: 1, m1: 9196679, fuel1: 21588, pv1: 35.98, finish: 1 });
    const unplaced = only(M.withoutLocation);
    expect(unplaced).toMatchObject({ fixTime: Date.UTC(2019, 2, 12, 11, 20, 3), hasLocation: false, valid: false, speed: 0 });
    expect(unplaced.attributes).toMatchObject({ sat: 0, '101_521056': 3 });
  });

  it('reads every message of a black box as an archived position and answers how many it took', () => {
    const { positions, ack } = decode(M.blackBox);
    expect(positions.map((p) => p.fixTime)).toEqual([Date.UTC(2014, 8, 8, 7, 32, 35), Date.UTC(2014, 8, 8, 7, 34, 20)]);
    expect(positions[1]).toMatchObject({ course: 292.54, attributes: { sat: 4, archive: true, батарея: '100 %' } });
    expect(ack.map(String)).toEqual(['#AB#2\r\n']);
    const withChecksum = decode(`#B#${M.shortData.slice(4)}|${M.extendedData.slice(3)}|1A2B`);
    expect(withChecksum.positions).toHaveLength(2);
    expect(withChecksum.ack.map(String)).toEqual(['#AB#2\r\n']);
    expect(acks(`#B#${M.shortData.slice(4)}|not;a;message`)).toEqual(['#AB#1\r\n']);
  });

  it('answers a ping, and keeps a message from the driver at the last location', () => {
    expect(acks(M.ping)).toEqual(['#AP#\r\n']);
    expect(only(M.driverMessage)).toMatchObject({ hasLocation: false, attributes: { result: 'Arrived at the depot' } });
    expect(acks(`${M.driverMessage};AB12`)).toEqual(['#AM#1\r\n']);
    expect(only(`${M.driverMessage};AB12`).attributes.result).toBe('Arrived at the depot');
  });

  it('answers a data packet it cannot take with the code saying why, and stores nothing', () => {
    const cases: [string, string][] = [
      ['#SD#270413;205601', '#ASD#-1'],
      ['#D#321399;205601;5544.6025;N;03739.6834;E;1;2;3;4;NA;NA;NA;NA;NA;NA', '#AD#0'],
      ['#D#270413;205601;9544.6025;N;03739.6834;E;1;2;3;4;NA;NA;NA;NA;NA;NA', '#AD#10'],
      ['#D#270413;205601;5544.6025;X;03739.6834;E;1;2;3;4;NA;NA;NA;NA;NA;NA', '#AD#10'],
      ['#D#270413;205601;5544.6025;N;03739.6834;E;fast;2;3;4;NA;NA;NA;NA;NA;NA', '#AD#11'],
      ['#D#270413;205601;5544.6025;N;03739.6834;E;1;2;3;many;NA;NA;NA;NA;NA;NA', '#AD#12'],
      ['#D#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4;NA;on;NA;NA;NA;NA', '#AD#13'],
    ];
    for (const [packet, answer] of cases) {
      const result = decode(packet);
      expect(result.positions, packet).toEqual([]);
      expect(result.ack.map(String), packet).toEqual([`${answer}\r\n`]);
    }
  });

  it('takes no data before a login on TCP, and ignores what is not a Wialon packet', () => {
    expect(decode(M.shortData, context(undefined))).toEqual({ positions: [], ack: [] });
    expect(decode('GET / HTTP/1.1')).toEqual({ positions: [], ack: [] });
    expect(decode('#XYZ#1;2;3')).toEqual({ positions: [], ack: [] });
  });
});
