import { describe, expect, it } from 'vitest';
import { loadVectors } from '../../../test/helpers/protocol-vectors.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import { createRuptelaFramer, RUPTELA_MAX_FRAME } from './ruptela.framer.js';

describe(createRuptelaFramer.name, () => {
  it('cuts length + 4 bytes, across segments and back to back', () => {
    const packet = Buffer.from(loadVectors('ruptela')[9]!.message, 'hex');
    const frames = new FrameBuffer(createRuptelaFramer(), RUPTELA_MAX_FRAME);
    expect(frames.push(packet.subarray(0, 10))).toEqual([]);
    expect(frames.push(Buffer.concat([packet.subarray(10), packet]))).toEqual([packet, packet]);
    expect(frames.size).toBe(0);
  });
});
