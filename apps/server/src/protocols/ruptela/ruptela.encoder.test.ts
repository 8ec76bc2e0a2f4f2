import { describe, expect, it } from 'vitest';
import { loadVectors } from '../../../test/helpers/protocol-vectors.js';
import { ruptelaFrame, ruptelaRecordsAck } from './ruptela.encoder.js';

describe('ruptela encoder', () => {
  it('accepts records with the reply the reference gives', () => {
    // reference/protocols.md: records → `00 02 64 01 13 BC`
    expect(ruptelaRecordsAck().toString('hex')).toBe('0002640113bc');
  });

  it("frames a captured device packet's payload byte for byte (length, payload, CRC-16/KERMIT)", () => {
    for (const vector of loadVectors('ruptela').slice(0, 5)) {
      const captured = Buffer.from(vector.message, 'hex');
      expect(ruptelaFrame(captured.subarray(2, -2)).toString('hex')).toBe(vector.message.toLowerCase());
    }
  });
});
