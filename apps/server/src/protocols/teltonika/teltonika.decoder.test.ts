import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeTeltonika } from './teltonika.decoder.js';
import { teltonikaProtocol } from './teltonika.protocol.js';

describe(decodeTeltonika.name, () => {
  const vectors = loadVectors('teltonika');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(teltonikaProtocol, vectors, { writeMedia: () => 'photo.jpg' });
  });

  vectors.forEach((vector, index) => {
    it(describeVector({ index, vector }), () => assertVector(replayed[index]!));
  });

  const context = (uniqueId?: string) => ({ uniqueId, model: undefined, transport: 'tcp' as const, state: { extended: false }, now: () => VECTOR_NOW });

  it('accepts an IMEI with 01 and would refuse an unknown one with 00', () => {
    const result = decodeTeltonika(Buffer.from(vectors[0]!.message, 'hex'), context());
    expect(result.identify).toBe('123456789012345');
    expect(result.ack.map((ack) => ack.toString('hex'))).toEqual(['01']);
    expect(result.reject?.toString('hex')).toBe('00');
  });

  it('acknowledges an AVL packet with its record count as four bytes', () => {
    const packet = vectors.find((vector) => vector.message.slice(16, 18) === '08' && vector.expect === 'positions')!;
    const count = Number.parseInt(packet.message.slice(18, 20), 16);
    const result = decodeTeltonika(Buffer.from(packet.message, 'hex'), context('123456789012345'));
    expect(result.positions).toHaveLength(count);
    expect(result.ack.map((ack) => ack.readUInt32BE(0))).toEqual([count]);
  });

  it('ignores data before any IMEI on a connection', () => {
    expect(decodeTeltonika(Buffer.from(vectors[1]!.message, 'hex'), context()).positions).toEqual([]);
  });
});
