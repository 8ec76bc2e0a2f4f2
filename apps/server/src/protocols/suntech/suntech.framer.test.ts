import { describe, expect, it } from 'vitest';
import { firstFrame, loadFrameVectors } from '../../../test/helpers/protocol-vectors.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import { createSuntechFramer, SUNTECH_MAX_FRAME } from './suntech.framer.js';

describe(createSuntechFramer.name, () => {
  loadFrameVectors('suntech').forEach((vector, index) => {
    it(`splits captured stream #${index} (${vector.test})`, () => {
      expect(firstFrame(createSuntechFramer(), Buffer.from(vector.input, 'hex'))).toBe(vector.expectedFrame);
    });
  });

  it('keeps CRLF inside serial data and ends a report at a lone CR', () => {
    const frames = new FrameBuffer(createSuntechFramer(), SUNTECH_MAX_FRAME);
    expect(frames.push(Buffer.from('ST300UEX;1;45;311;x;4;ab\r\n;3E', 'latin1'))).toEqual([]);
    expect(frames.push(Buffer.from('\rSA200ALV;317652\r', 'latin1')).map(String)).toEqual(['ST300UEX;1;45;311;x;4;ab\r\n;3E', 'SA200ALV;317652']);
  });
});
