import { describe, expect, it } from 'vitest';
import { firstFrame, loadFrameVectors } from '../../../test/helpers/protocol-vectors.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import { createGl200Framer, GL200_MAX_FRAME } from './gl200.framer.js';

describe(createGl200Framer.name, () => {
  loadFrameVectors('gl200').forEach((vector, index) => {
    it(`splits captured stream #${index} (${vector.test})`, () => {
      expect(firstFrame(createGl200Framer(), Buffer.from(vector.input, 'hex'))).toBe(vector.expectedFrame);
    });
  });

  it('ends text messages at $ or NUL and waits for the rest of one', () => {
    const frames = new FrameBuffer(createGl200Framer(), GL200_MAX_FRAME);
    expect(frames.push(Buffer.from('+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$+RESP:GTPNA,F502', 'latin1')).map(String)).toEqual(['+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0']);
    expect(frames.push(Buffer.from('01,866425030235982,GL300M,20190208124909,0BD5\0', 'latin1')).map(String)).toEqual(['+RESP:GTPNA,F50201,866425030235982,GL300M,20190208124909,0BD5']);
    expect(frames.size).toBe(0);
  });
});
