import { describe, expect, it } from 'vitest';
import { firstFrame, loadFrameVectors } from '../../../test/helpers/protocol-vectors.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import { createMeitrackFramer, MEITRACK_MAX_FRAME } from './meitrack.framer.js';

describe(createMeitrackFramer.name, () => {
  loadFrameVectors('meitrack').forEach((vector, index) => {
    it(`splits captured stream #${index} (${vector.test})`, () => {
      expect(firstFrame(createMeitrackFramer(), Buffer.from(vector.input, 'hex'))).toBe(vector.expectedFrame);
    });
  });

  it('cuts each frame at its announced length, across segments and garbage', () => {
    const frames = new FrameBuffer(createMeitrackFramer(), MEITRACK_MAX_FRAME);
    const frame = '$$z27,861451040910625,AAC,1*D3\r\n';
    expect(frames.push(Buffer.from(`xx${frame.slice(0, 10)}`, 'latin1'))).toEqual([]);
    expect(frames.push(Buffer.from(`${frame.slice(10)}${frame}`, 'latin1')).map(String)).toEqual([frame, frame]);
    expect(frames.size).toBe(0);
  });
});
