import { UTC_ZONE } from '../device-time-zone.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeGt06, type Gt06State } from './gt06.decoder.js';
import { gt06Protocol } from './gt06.protocol.js';

describe(decodeGt06.name, () => {
  const vectors = loadVectors('gt06');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(gt06Protocol, vectors);
  });

  vectors.forEach((vector, index) => {
    it(describeVector({ index, vector }), () => assertVector(replayed[index]!));
  });

  it('ignores a location before any login, then decodes after one', () => {
    const location = Buffer.from(vectors[0]!.message, 'hex');
    const state: Gt06State = { zone: UTC_ZONE, loginZone: undefined, alternative: false };
    const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state, now: () => VECTOR_NOW };
    expect(decodeGt06(location, context)).toEqual({ positions: [], ack: [] });
    const login = decodeGt06(Buffer.from('78780d010123456789012345000139390d0a', 'hex'), context);
    expect(login.identify).toBe('123456789012345');
    expect(login.positions).toEqual([]);
  });

  it('acknowledges a login with the serial the device sent', () => {
    // reference/protocols.md §2: the test login ending `0009 3F04 0D0A` gets `78 78 05 01 00 09 55 94 0D 0A`
    const login = vectors.find((vector) => vector.message.startsWith('78780d01') && vector.message.includes('00093f04'));
    const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: { zone: UTC_ZONE, loginZone: undefined, alternative: false }, now: () => VECTOR_NOW };
    expect(login).toBeDefined();
    expect(decodeGt06(Buffer.from(login!.message, 'hex'), context).ack.map((ack) => ack.toString('hex'))).toEqual(['7878050100095594' + '0d0a']);
  });
});
