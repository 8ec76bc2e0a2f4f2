import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeGt06 } from './gt06.decoder.js';
import { gt06Protocol } from './gt06.protocol.js';

/**
 * Vectors whose layout this decoder does not read yet (model-specific or recent Traccar additions);
 * each still decodes without harm, and the test fails loudly once one starts to pass.
 */
const NOT_YET_SUPPORTED = new Map<number, string>([
  [2, 'type 0xF1 (extended status)'],
  [3, 'type 0x61 iButton'],
  [4, 'modular 0x70 BLE tag temperature module'],
  [6, 'type 0xA3 short GL21L status'],
  [7, 'type 0xA3 GL21L status with steps'],
  [11, 'type 0xF2'],
  [12, 'type 0x13 with temperature tail'],
  [15, 'SL4X 0x32 altitude field'],
  [60, 'OBD 0x8C key/value text'],
  [138, 'NT20 model layout of 0x22'],
  [139, 'XT40 model layout of 0x22'],
  [140, 'XT40 model 0x25 driver card'],
  [141, 'G18 model alarm codes'],
  [145, 'VL103 model 0x36 location'],
  [146, 'VL103 model 0x36 location'],
  [147, 'VL103 model 0x16 driver tail'],
  [148, 'VL103 model 0x16 event tail'],
]);

describe(decodeGt06.name, () => {
  const vectors = loadVectors('gt06');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(gt06Protocol, vectors);
  });

  vectors.forEach((vector, index) => {
    const reason = NOT_YET_SUPPORTED.get(index);
    const name = () => describeVector({ index, vector });
    if (reason) it.fails(`${name()} (not yet supported: ${reason})`, () => assertVector(replayed[index]!));
    else it(name(), () => assertVector(replayed[index]!));
  });

  it('ignores a location before any login, then decodes after one', () => {
    const location = Buffer.from(vectors[0]!.message, 'hex');
    const state = { offsetSeconds: 0 };
    const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state, now: () => VECTOR_NOW };
    expect(decodeGt06(location, context)).toEqual({ positions: [], ack: [] });
    const login = decodeGt06(Buffer.from('78780d010123456789012345000139390d0a', 'hex'), context);
    expect(login.identify).toBe('123456789012345');
    expect(login.positions).toEqual([]);
  });

  it('acknowledges a login with the serial the device sent', () => {
    // reference/protocols.md §2: the test login ending `0009 3F04 0D0A` gets `78 78 05 01 00 09 55 94 0D 0A`
    const login = vectors.find((vector) => vector.message.startsWith('78780d01') && vector.message.includes('00093f04'));
    const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: { offsetSeconds: 0 }, now: () => VECTOR_NOW };
    expect(login).toBeDefined();
    expect(decodeGt06(Buffer.from(login!.message, 'hex'), context).ack.map((ack) => ack.toString('hex'))).toEqual(['7878050100095594' + '0d0a']);
  });
});
