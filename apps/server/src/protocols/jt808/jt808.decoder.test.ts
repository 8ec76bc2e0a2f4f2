import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeJt808 } from './jt808.decoder.js';
import { jt808Protocol } from './jt808.protocol.js';

const NOT_YET_SUPPORTED = new Map<number, string>([
  [1, 'location item for power'],
  [2, 'location item for power'],
  [5, 'location item for batteryLevel'],
  [6, 'location item for battery'],
  [7, 'vendor alarm items'],
  [8, 'vendor alarm items'],
  [9, 'location item for timezone'],
  [10, 'location item for rpm'],
  [11, 'location item for videoAlarm'],
  [12, 'location item for motion'],
  [14, 'location item for tire1Pressure'],
  [15, 'location item for batteryLevel'],
  [17, 'message 0x0900 not decoded yet'],
  [20, 'location item for temp1'],
  [21, 'location item for batteryLevel'],
  [22, 'location item for temp1'],
  [23, 'location item for iccid'],
  [24, 'message 0x5501 not decoded yet'],
  [25, 'message 0x5501 not decoded yet'],
  [26, 'message 0x5502 not decoded yet'],
  [27, 'location item for lock2Battery'],
  [30, 'location item for battery'],
  [31, 'location item for event'],
  [32, 'location item for batteryLevel'],
  [33, 'message 0x5501 not decoded yet'],
  [34, 'message 0x0900 not decoded yet'],
  [36, 'message 0x0210 not decoded yet'],
  [37, 'location item for temp3'],
  [38, 'vendor alarm items'],
  [40, 'location item for lock1Locked'],
  [41, 'message 0x0900 not decoded yet'],
  [43, 'vendor alarm items'],
  [44, 'location item for dtcs'],
  [46, 'message 0x2070 not decoded yet'],
  [50, 'location item for power'],
  [51, 'message 0x5501 not decoded yet'],
  [52, 'message 0x1300 not decoded yet'],
  [53, 'message 0x5502 not decoded yet'],
  [54, 'message 0x5501 not decoded yet'],
  [55, 'location item for fuel1'],
  [56, 'location item for battery'],
  [72, 'location item for charge'],
  [73, 'location item for power'],
  [76, 'location item for imei'],
  [77, 'message 0x0107 not decoded yet'],
  [79, 'location item for door (MV710G)'],
  [80, 'alarm bits of model AL300'],
  [81, 'location item for battery (JC371)'],
  [82, 'alarm bits of model JC371'],
  [83, 'location item for alarmLabel (JC371)'],
  [84, 'location item for steps (C5L)'],
  [85, 'location item for iccid (GL100)'],
  [86, 'message 0x0900 not decoded yet'],
]);

describe(decodeJt808.name, () => {
  const vectors = loadVectors('jt808');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(jt808Protocol, vectors);
  });

  vectors.forEach((vector, index) => {
    const reason = NOT_YET_SUPPORTED.get(index);
    const name = describeVector({ index, vector });
    if (reason) it.fails(`${name} (not yet supported: ${reason})`, () => assertVector(replayed[index]!));
    else it(name, () => assertVector(replayed[index]!));
  });

  const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: undefined, now: () => VECTOR_NOW };

  it('answers a location with the 0x8001 general response: its serial and type, result 0, XOR', () => {
    const result = decodeJt808(Buffer.from(vectors[35]!.message, 'hex'), context);
    expect(result.identify).toBe('79042262206');
    expect(result.ack.map((ack) => ack.toString('hex'))).toEqual(['7e80010005079042262206000008ca020000937e']);
  });

  it('answers a registration with 0x8100 carrying the device ID as authentication code', () => {
    const result = decodeJt808(Buffer.from(vectors[65]!.message, 'hex'), context);
    expect(result.positions).toHaveLength(0);
    const ack = result.ack[0]!;
    expect(ack.readUInt16BE(1)).toBe(0x8100);
    expect(ack.subarray(16, ack.length - 2).toString('latin1')).toBe(result.identify);
  });
});
