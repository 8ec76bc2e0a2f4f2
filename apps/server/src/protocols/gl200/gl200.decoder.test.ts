import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeGl200 } from './gl200.decoder.js';
import { gl200Protocol } from './gl200.protocol.js';

const NOT_YET_SUPPORTED = new Map<number, string>([
  [13, 'GTCAN field mask (engine and AdBlue data)'],
  [29, 'battery position in GT501 Wi-Fi reports'],
  [31, 'GTBAA accessory data'],
  [32, 'GTBID accessory data'],
  [34, 'GTERI fuel accessory mask'],
  [37, 'battery position in GTNMR'],
  [41, 'battery position in GL500 reports'],
  [42, 'battery position in GL500 reports'],
  [144, 'binary variant'],
  [145, 'binary variant'],
  [146, 'binary variant'],
  [147, 'binary variant'],
  [148, 'binary variant'],
]);

describe(decodeGl200.name, () => {
  const vectors = loadVectors('gl200');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(gl200Protocol, vectors);
  });

  vectors.forEach((vector, index) => {
    const reason = NOT_YET_SUPPORTED.get(index);
    const name = describeVector({ index, vector });
    if (reason) it.fails(`${name} (not yet supported: ${reason})`, () => assertVector(replayed[index]!));
    else it(name, () => assertVector(replayed[index]!));
  });

  const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: undefined, now: () => VECTOR_NOW };

  it('answers a heartbeat with +SACK:GTHBD, its protocol version and count number', () => {
    const result = decodeGl200(Buffer.from(vectors[136]!.message, 'latin1'), context);
    expect(result.identify).toBe('135790246811220');
    expect(result.ack.map(String)).toEqual(['+SACK:GTHBD,1A0401,11F0$']);
  });
});
