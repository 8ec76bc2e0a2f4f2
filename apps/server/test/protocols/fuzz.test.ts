import { describe, expect, it } from 'vitest';
import { PROTOCOLS } from '../../src/protocols/protocol-registry.js';
import { fuzzProtocol } from '../helpers/protocol-fuzz.js';

/** Frames per protocol in CI; `bench/protocol-fuzz.ts` runs a million. */
const ROUNDS = 3000;

describe('protocol decoders under random and mutated input', () => {
  it.each(PROTOCOLS.map((protocol) => [protocol.name, protocol] as const))('%s only ever rejects a bad frame, never crashes', (_name, protocol) => {
    const { unexpected } = fuzzProtocol(protocol, ROUNDS);
    expect(unexpected).toEqual([]);
  });
});
