import { describe, expect, it } from 'vitest';
import { firstFrame, loadFrameVectors, loadVectors } from '../../../test/helpers/protocol-vectors.js';
import { FrameBuffer, InvalidStream } from '../transport/frame-buffer.js';
import { createTeltonikaFramer, TELTONIKA_MAX_FRAME } from './teltonika.framer.js';

describe(createTeltonikaFramer.name, () => {
  loadFrameVectors('teltonika').forEach((vector, index) => {
    it(`splits captured stream #${index}`, () => {
      expect(firstFrame(createTeltonikaFramer(), Buffer.from(vector.input, 'hex'))).toBe(vector.expectedFrame);
    });
  });

  it('emits a captured AVL packet only once all of it has arrived', () => {
    const packet = Buffer.from(loadVectors('teltonika')[1]!.message, 'hex');
    const frames = new FrameBuffer(createTeltonikaFramer(), TELTONIKA_MAX_FRAME);
    expect(frames.push(packet.subarray(0, 100))).toEqual([]);
    expect(frames.push(packet.subarray(100))).toEqual([packet]);
  });

  it('closes on an AVL length beyond the limit or a non-zero preamble', () => {
    expect(() => new FrameBuffer(createTeltonikaFramer(), TELTONIKA_MAX_FRAME).push(Buffer.from('000000007fffffff08', 'hex'))).toThrow(InvalidStream);
    expect(() => new FrameBuffer(createTeltonikaFramer(), TELTONIKA_MAX_FRAME).push(Buffer.from('00001234000000100801', 'hex'))).toThrow(InvalidStream);
  });
});
