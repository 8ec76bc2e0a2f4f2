import { describe, expect, it } from 'vitest';
import { meitrackAacAck, meitrackChecksum } from './meitrack.encoder.js';

describe('meitrack encoder', () => {
  it("computes a captured AAA report's checksum over everything through the asterisk", () => {
    const captured = '$$F153,867144025101013,AAA,35,25.219431,55.279918,200916155923,V,0,25,0,0,0.0,0,249701532,98374503,424|2|101C|A3AE,0800,0000|0000|0000|02D3|0103,00000011,*A0';
    expect(meitrackChecksum(captured.slice(0, -2))).toBe('A0');
  });

  it('confirms an AAC message with a checked command ending in CRLF', () => {
    const ack = meitrackAacAck('861412043027965').toString('latin1');
    expect(ack.startsWith('@@z27,861412043027965,AAC,1*')).toBe(true);
    expect(ack.endsWith('\r\n')).toBe(true);
    expect(ack.slice(-4, -2)).toBe(meitrackChecksum(ack.slice(0, -4)));
  });
});
