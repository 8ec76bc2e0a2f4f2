import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeMeitrack } from './meitrack.decoder.js';
import { meitrackProtocol } from './meitrack.protocol.js';

describe(decodeMeitrack.name, () => {
  const vectors = loadVectors('meitrack');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    // media kept, as on a server: the photo vectors are unfinished transfers and stay without a position
    replayed = replayVectors(meitrackProtocol, vectors, { writeMedia: () => 'mock.jpg' });
  });

  vectors.forEach((vector, index) => {
    it(describeVector({ index, vector }), () => assertVector(replayed[index]!));
  });

  const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: undefined, now: () => VECTOR_NOW };

  it('answers CCC with the number of records to delete and AAC with its confirmation', () => {
    const ccc = decodeMeitrack(Buffer.from(vectors[37]!.message, 'hex'), context);
    expect(ccc.positions).toHaveLength(1);
    expect(ccc.ack.map(String)).toEqual(['@@X27,369800014090021,CCC,1*E4\r\n']);
    expect(decodeMeitrack(Buffer.from(vectors[39]!.message, 'latin1'), context).ack.map(String)).toEqual(['@@z27,861451040910625,AAC,1*0B\r\n']);
  });
});
