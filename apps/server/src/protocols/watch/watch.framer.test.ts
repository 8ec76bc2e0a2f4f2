import { describe, expect, it } from 'vitest';
import { firstFrame, loadFrameVectors } from '../../../test/helpers/protocol-vectors.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import { createWatchFramer, WATCH_MAX_FRAME } from './watch.framer.js';

const link = '[3G*9705141740*0009*LK,0,0,53]';
const location = '[3G*9705141740*005A*UD,190723,190707,A,36.815109,N,10.1806790,E,0.00,0.0,0.0,6,100,84,0,0,00000000,0]';

const stream = () => new FrameBuffer(createWatchFramer(), WATCH_MAX_FRAME);
const text = (frames: Buffer[]) => frames.map((frame) => frame.toString('latin1'));

describe(createWatchFramer.name, () => {
  loadFrameVectors('watch').forEach((vector, index) => {
    it(`splits captured stream #${index}`, () => {
      expect(firstFrame(createWatchFramer(), Buffer.from(vector.input, 'hex'))).toBe(vector.expectedFrame);
    });
  });

  it('waits for a frame split across reads, byte by byte', () => {
    const buffer = stream();
    const bytes = Buffer.from(location, 'latin1');
    const frames = [...bytes].flatMap((byte) => buffer.push(Buffer.from([byte])));
    expect(text(frames)).toEqual([location]);
    expect(buffer.size).toBe(0);
  });

  it('emits every frame of one read and keeps the partial one for the next read', () => {
    const buffer = stream();
    expect(text(buffer.push(Buffer.from(link + location + location.slice(0, 20), 'latin1')))).toEqual([link, location]);
    expect(text(buffer.push(Buffer.from(location.slice(20), 'latin1')))).toEqual([location]);
  });

  it('skips noise before a frame and un-escapes binary payloads', () => {
    const frames = stream().push(Buffer.concat([Buffer.from('\r\nxx'), Buffer.from('[CS*1234567890*0004*TK,'), Buffer.from([0x7d, 0x01, 0x7d, 0x02, 0x5d])]));
    expect(frames.map((frame) => frame.subarray(-3).toString('latin1'))).toEqual(['}[]']);
  });

  it('closes the stream on an escape sequence no watch sends', () => {
    expect(() => stream().push(Buffer.from([0x5b, 0x7d, 0x09, 0x5d]))).toThrow();
  });
});
