import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeRuptela } from './ruptela.decoder.js';
import { ruptelaAccept, ruptelaRecordsAck } from './ruptela.encoder.js';
import { ruptelaProtocol } from './ruptela.protocol.js';

describe(decodeRuptela.name, () => {
  const vectors = loadVectors('ruptela');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    // media kept, as on a server: the photo vectors are unfinished transfers and stay without a position
    replayed = replayVectors(ruptelaProtocol, vectors, { writeMedia: () => 'mock.jpg' });
  });

  vectors.forEach((vector, index) => {
    it(describeVector({ index, vector }), () => assertVector(replayed[index]!));
  });

  const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: undefined, now: () => VECTOR_NOW };

  it('accepts records with command 100, DTCs and identification with command + 100, and the KERMIT CRC', () => {
    // reference/protocols.md §11: the records ack and the heartbeat reply
    expect(ruptelaRecordsAck().toString('hex')).toBe('0002640113bc');
    expect(ruptelaAccept(9).toString('hex')).toBe('00026d01c4a4');
    expect(ruptelaAccept(16).toString('hex')).toBe('000274' + '01862d');
    expect(decodeRuptela(Buffer.from(vectors[2]!.message, 'hex'), context).ack.map((ack) => ack.toString('hex'))).toEqual(['0002640113bc']);
    const identification = decodeRuptela(Buffer.from(vectors[1]!.message, 'hex'), context);
    expect(identification.identify).toMatch(/^\d{15}$/);
    expect(identification.ack.map((ack) => ack.toString('hex'))).toEqual([ruptelaAccept(15).toString('hex')]);
  });
});
