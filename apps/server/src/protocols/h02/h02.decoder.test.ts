import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeH02 } from './h02.decoder.js';
import { h02Protocol } from './h02.protocol.js';

const NOT_YET_SUPPORTED = new Map<number, string>([]);

describe(decodeH02.name, () => {
  const vectors = loadVectors('h02');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(h02Protocol, vectors);
  });

  vectors.forEach((vector, index) => {
    const reason = NOT_YET_SUPPORTED.get(index);
    const name = describeVector({ index, vector });
    if (reason) it.fails(`${name} (not yet supported: ${reason})`, () => assertVector(replayed[index]!));
    else it(name, () => assertVector(replayed[index]!));
  });

  const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: undefined, now: () => VECTOR_NOW };

  it('answers a V1 location with V4,V1 and the server time', () => {
    const result = decodeH02(Buffer.from(vectors[39]!.message, 'latin1'), context);
    expect(result.identify).toBe('4210051415');
    expect(result.ack.map(String)).toEqual(['*HQ,4210051415,V4,V1,20260101000000#']);
  });

  it('echoes a heartbeat up to its type', () => {
    // reference/protocols.md §4: `*HQ,135790246811220,HTBT#`
    expect(decodeH02(Buffer.from('*HQ,135790246811220,HTBT,100#', 'latin1'), context).ack.map(String)).toEqual(['*HQ,135790246811220,HTBT#']);
  });
});
