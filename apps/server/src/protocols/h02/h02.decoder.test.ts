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

  const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: { ack: false, alternative: false }, now: () => VECTOR_NOW };

  it('answers a V1 location with V4,V1 and the server time', () => {
    const result = decodeH02(Buffer.from(vectors[39]!.message, 'latin1'), context);
    expect(result.identify).toBe('4210051415');
    expect(result.ack.map(String)).toEqual(['*HQ,4210051415,V4,V1,20260101000000#']);
  });

  it('echoes a heartbeat up to its type', () => {
    // reference/protocols.md §4: `*HQ,135790246811220,HTBT#`
    expect(decodeH02(Buffer.from('*HQ,135790246811220,HTBT,100#', 'latin1'), context).ack.map(String)).toEqual(['*HQ,135790246811220,HTBT#']);
  });

  it('with h02.ack, answers text locations other than V1 with R12 and the UTC time of day', () => {
    const v2 = Buffer.from(vectors.find((vector) => vector.message.startsWith('*HQ,353505221264507,V2,'))!.message, 'latin1');
    const v1 = Buffer.from('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#', 'latin1');
    const acked = { ...context, state: { ack: true, alternative: false } };
    expect(decodeH02(v2, context).ack).toEqual([]);
    // VECTOR_NOW is 2026-01-01 00:00:00 UTC
    expect(decodeH02(v2, acked).ack.map(String)).toEqual(['*HQ,353505221264507,R12,000000#']);
    expect(decodeH02(v1, acked).ack.map(String)).toEqual(['*HQ,4210051415,V4,V1,20260101000000#']);
  });
});
