import { describe, expect, it } from 'vitest';
import { firstFrame, loadFrameVectors } from '../../../test/helpers/protocol-vectors.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import { createJt808Framer, JT808_MAX_FRAME } from './jt808.framer.js';

// a heartbeat and an authentication as a device escapes them on the wire (the latter carries a 7E)
const heartbeat = '7e0002000004304832546500b7ca7e';
const authentication = '7e0102000201351122112200067d027d01557e';

describe(createJt808Framer.name, () => {
  loadFrameVectors('jt808').forEach((vector, index) => {
    it(`splits captured stream #${index} (${vector.test})`, () => {
      expect(firstFrame(createJt808Framer(), Buffer.from(vector.input, 'hex'))).toBe(vector.expectedFrame);
    });
  });

  it('waits for the rest of a frame split across reads, then emits it un-escaped', () => {
    const frames = new FrameBuffer(createJt808Framer(), JT808_MAX_FRAME);
    const wire = Buffer.from(authentication, 'hex');
    expect(frames.push(wire.subarray(0, 5))).toEqual([]);
    expect(frames.push(wire.subarray(5, 16))).toEqual([]);
    expect(frames.push(wire.subarray(16)).map((frame) => frame.toString('hex'))).toEqual(['7e0102000201351122112200067e7d557e']);
    expect(frames.size).toBe(0);
  });

  it('emits every frame of one read, in order, and keeps a trailing partial one', () => {
    const frames = new FrameBuffer(createJt808Framer(), JT808_MAX_FRAME);
    const read = Buffer.from(`${heartbeat}${authentication}${heartbeat.slice(0, 10)}`, 'hex');
    expect(frames.push(read).map((frame) => frame.toString('hex'))).toEqual([heartbeat, '7e0102000201351122112200067e7d557e']);
    expect(frames.push(Buffer.from(heartbeat.slice(10), 'hex')).map((frame) => frame.toString('hex'))).toEqual([heartbeat]);
  });

  it('splits a text frame of lock models at its closing parenthesis', () => {
    const frames = new FrameBuffer(createJt808Framer(), JT808_MAX_FRAME);
    expect(frames.push(Buffer.from(`(794104004140,1,001,BASE,2,TIME)`, 'latin1')).map(String)).toEqual(['(794104004140,1,001,BASE,2,TIME)']);
  });
});
