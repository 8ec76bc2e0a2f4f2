import { describe, expect, it } from 'vitest';
import { firstFrame, loadFrameVectors } from '../../../test/helpers/protocol-vectors.js';
import { createJt808Framer } from './jt808.framer.js';

describe(createJt808Framer.name, () => {
  loadFrameVectors('jt808').forEach((vector, index) => {
    it(`splits captured stream #${index} (${vector.test})`, () => {
      expect(firstFrame(createJt808Framer(), Buffer.from(vector.input, 'hex'))).toBe(vector.expectedFrame);
    });
  });
});
