import { describe, expect, it } from 'vitest';
import { firstFrame, loadFrameVectors } from '../../../test/helpers/protocol-vectors.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import { createH02Framer, H02_MAX_FRAME } from './h02.framer.js';

describe(createH02Framer.name, () => {
  loadFrameVectors('h02').forEach((vector, index) => {
    it(`splits captured stream #${index} (${vector.test})`, () => {
      expect(firstFrame(createH02Framer(), Buffer.from(vector.input, 'hex'))).toBe(vector.expectedFrame);
    });
  });

  it('waits for the closing #, drops line ends and garbage between sentences', () => {
    const frames = new FrameBuffer(createH02Framer(), H02_MAX_FRAME);
    expect(frames.push(Buffer.from('noise*HQ,4210051415,V1,16454', 'latin1'))).toEqual([]);
    const rest = '9,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#\r\n';
    expect(frames.push(Buffer.from(rest, 'latin1')).map(String)).toEqual([`*HQ,4210051415,V1,16454${rest.trim()}`]);
    expect(frames.size).toBe(0);
  });
});
