import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeTk103 } from './tk103.decoder.js';
import { tk103Protocol } from './tk103.protocol.js';

describe(decodeTk103.name, () => {
  const vectors = loadVectors('tk103');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(tk103Protocol, vectors);
  });

  vectors.forEach((vector, index) => {
    it(describeVector({ index, vector }), () => assertVector(replayed[index]!));
  });

  const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: undefined, now: () => VECTOR_NOW };

  it('answers the BP00 handshake with AP01HSO and a BP05 login with AP05', () => {
    expect(decodeTk103(Buffer.from('(027044702512BP00027044702512HSO01A4)', 'latin1'), context).ack.map(String)).toEqual(['(027044702512AP01HSO)']);
    const login = decodeTk103(Buffer.from(vectors[28]!.message, 'latin1'), context);
    expect(login.ack.map(String)).toEqual(['(088048003342AP05)']);
    expect(login.positions).toHaveLength(1);
  });
});
