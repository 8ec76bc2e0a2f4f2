import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeJt808, type Jt808State } from './jt808.decoder.js';
import { jt808Protocol } from './jt808.protocol.js';

describe(decodeJt808.name, () => {
  const vectors = loadVectors('jt808');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(jt808Protocol, vectors);
  });

  vectors.forEach((vector, index) => {
    it(describeVector({ index, vector }), () => assertVector(replayed[index]!));
  });

  const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: jt808Protocol.createState() as Jt808State, now: () => VECTOR_NOW };

  it('answers a location with the 0x8001 general response: its serial and type, result 0, XOR', () => {
    const result = decodeJt808(Buffer.from(vectors[35]!.message, 'hex'), context);
    expect(result.identify).toBe('79042262206');
    expect(result.ack.map((ack) => ack.toString('hex'))).toEqual(['7e80010005079042262206000008ca020000937e']);
  });

  it('names the phone number without its leading zero, and as written for a device registered that way', () => {
    const result = decodeJt808(Buffer.from(vectors[35]!.message, 'hex'), context);
    expect(result).toMatchObject({ identify: '79042262206', alsoKnownAs: ['079042262206'] });
    const withoutZero = decodeJt808(Buffer.from(vectors.find((vector) => vector.message.startsWith('7e0200004d794308010679'))!.message, 'hex'), context);
    expect(withoutZero.identify).toBe('794308010679');
    expect(withoutZero).not.toHaveProperty('alsoKnownAs');
  });

  it('answers a registration with 0x8100 carrying the device ID as authentication code', () => {
    const result = decodeJt808(Buffer.from(vectors[65]!.message, 'hex'), context);
    expect(result.positions).toHaveLength(0);
    const ack = result.ack[0]!;
    expect(ack.readUInt16BE(1)).toBe(0x8100);
    expect(ack.subarray(16, ack.length - 2).toString('latin1')).toBe(result.identify);
  });

  it('answers a padlock report that asks for it with the short 0x4401 response', () => {
    const result = decodeJt808(Buffer.from(vectors[24]!.message, 'hex'), context);
    expect(result.ack.map((ack) => ack.toString('hex'))).toEqual(['7e4401000385600900101701550100f87e']);
  });

  it('answers a lock time request with the sentence, the server time in place of TIME', () => {
    const result = decodeJt808(Buffer.from('(794104004140,1,001,BASE,2,TIME)', 'latin1'), context);
    expect(result.positions).toHaveLength(0);
    expect(result.ack.map(String)).toEqual(['(794104004140,1,001,BASE,2,20260101000000)']);
  });
});
