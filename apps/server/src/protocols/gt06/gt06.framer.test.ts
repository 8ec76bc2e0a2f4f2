import { describe, expect, it } from 'vitest';
import { firstFrame, loadFrameVectors } from '../../../test/helpers/protocol-vectors.js';
import { FrameBuffer, FrameBufferOverflow, InvalidStream } from '../transport/frame-buffer.js';
import { createGt06Framer, GT06_MAX_FRAME } from './gt06.framer.js';

describe(createGt06Framer.name, () => {
  loadFrameVectors('gt06').forEach((vector, index) => {
    it(`splits captured stream #${index}`, () => {
      expect(firstFrame(createGt06Framer(), Buffer.from(vector.input, 'hex'))).toBe(vector.expectedFrame);
    });
  });

  const login = Buffer.from('78780d01086471700328358100093f040d0a', 'hex');
  const heartbeat = Buffer.from('78780a13c40604000201298f5b0d0a', 'hex');

  it('returns nothing until a frame is whole, then each frame of a stream once', () => {
    const frames = new FrameBuffer(createGt06Framer(), GT06_MAX_FRAME);
    const stream = Buffer.concat([login, heartbeat]);
    expect(frames.push(stream.subarray(0, 3))).toEqual([]);
    expect(frames.push(stream.subarray(3, 20))).toEqual([login]);
    expect(frames.push(stream.subarray(20))).toEqual([heartbeat]);
    expect(frames.size).toBe(0);
  });

  it('skips garbage before a header', () => {
    const frames = new FrameBuffer(createGt06Framer(), GT06_MAX_FRAME);
    expect(frames.push(Buffer.concat([Buffer.from('00ff1234', 'hex'), login]))).toEqual([login]);
  });

  it('waits for the announced length of a photo part, whose bytes hold `0D 0A` and headers', () => {
    // 79 79, length 0x0015, X1 photo part 0x36: picture 1, offset 0, 6 bytes `FF 0D 0A 79 79 00`, serial 2, CRC, 0D 0A
    const part = Buffer.from('79790015' + '36' + '00000001' + '00000000' + '0006' + 'ff0d0a797900' + '0002' + 'abcd' + '0d0a', 'hex');
    const frames = new FrameBuffer(createGt06Framer(), GT06_MAX_FRAME);
    const split = part.indexOf(Buffer.from('0d0a7979', 'hex')) + 2;
    expect(frames.push(part.subarray(0, split))).toEqual([]);
    expect(frames.push(part.subarray(split, split + 2))).toEqual([]);
    expect(frames.push(part.subarray(split + 2))).toEqual([part]);
  });

  it('refuses an extended frame longer than the limit', () => {
    const frames = new FrameBuffer(createGt06Framer(), GT06_MAX_FRAME);
    expect(() => frames.push(Buffer.from('7979ffff70', 'hex'))).toThrow(InvalidStream);
  });

  it('gives up on a buffer that never completes a frame', () => {
    const frames = new FrameBuffer(createGt06Framer(), 64);
    expect(() => frames.push(Buffer.concat([Buffer.from('78782a12', 'hex'), Buffer.alloc(80, 1)]))).toThrow(FrameBufferOverflow);
  });
});
