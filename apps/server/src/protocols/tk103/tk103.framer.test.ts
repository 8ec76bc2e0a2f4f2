import { describe, expect, it } from 'vitest';
import { loadFrameVectors } from '../../../test/helpers/protocol-vectors.js';
import type { Framer } from '../transport/framer.js';
import { createTk103Framer } from './tk103.framer.js';

/** Traccar's splitter test reuses one buffer across calls: each call takes one frame. */
const takeFrame = (framer: Framer, stream: { buffer: Buffer }): string | null => {
  for (;;) {
    const result = framer.next(stream.buffer);
    if (result.kind === 'frame') {
      stream.buffer = stream.buffer.subarray(result.consumed);
      return result.frame.toString('hex');
    }
    if (result.kind === 'invalid' || result.discard <= 0) return null;
    stream.buffer = stream.buffer.subarray(result.discard);
  }
};

describe(createTk103Framer.name, () => {
  const vectors = loadFrameVectors('tk103');
  let shared: { buffer: Buffer } | undefined;
  vectors.forEach((vector, index) => {
    it(`splits captured stream #${index}`, () => {
      const reused = vector.note?.includes('reused') && shared !== undefined;
      const stream = reused ? shared! : { buffer: Buffer.from(vector.input, 'hex') };
      shared = vector.note?.includes('reused') ? stream : undefined;
      expect(takeFrame(createTk103Framer(), stream)).toBe(vector.expectedFrame);
    });
  });
});
