import { describe, expect, it } from 'vitest';
import { loadFrameVectors } from '../../../test/helpers/protocol-vectors.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import type { Framer } from '../transport/framer.js';
import { createTk103Framer } from './tk103.framer.js';
import { tk103Protocol } from './tk103.protocol.js';

/** Traccar's splitter test reuses one buffer across calls: each call takes one frame. */
const takeFrame = (framer: Framer, stream: { buffer: Buffer }): string | null => {
  for (;;) {
    const result = framer.next(stream.buffer);
    if (result.kind === 'frame') {
      stream.buffer = stream.buffer.subarray(result.consumed);
      return result.frame.toString('hex');
    }
    if (result.kind === 'invalid' || result.discard <= 0) return null;
    stream.buffer = stream.buffer.subarray(result.discard);
  }
};

describe(createTk103Framer.name, () => {
  const vectors = loadFrameVectors('tk103');
  let shared: { buffer: Buffer } | undefined;
  vectors.forEach((vector, index) => {
    it(`splits captured stream #${index}`, () => {
      const reused = vector.note?.includes('reused') && shared !== undefined;
      const stream = reused ? shared! : { buffer: Buffer.from(vector.input, 'hex') };
      shared = vector.note?.includes('reused') ? stream : undefined;
      expect(takeFrame(createTk103Framer(), stream)).toBe(vector.expectedFrame);
    });
  });

  const handshake = '(027044702512BP00027044702512HSO01A4)';
  const report = '(088047365460BR00151024A2233.0297N11405.8164E000.0055148000.00,00000000L00000000)';
  const stream = () => new FrameBuffer(createTk103Framer(), tk103Protocol.maxFrameLength);
  const text = (frames: Buffer[]) => frames.map((frame) => frame.toString('latin1'));

  it('waits for a report split across reads', () => {
    const buffer = stream();
    expect(buffer.push(Buffer.from(report.slice(0, 17), 'latin1'))).toEqual([]);
    expect(buffer.push(Buffer.from(report.slice(17, 60), 'latin1'))).toEqual([]);
    expect(text(buffer.push(Buffer.from(report.slice(60), 'latin1')))).toEqual([report]);
    expect(buffer.size).toBe(0);
  });

  it('emits every frame of one read and keeps the partial one for the next read', () => {
    const buffer = stream();
    expect(text(buffer.push(Buffer.from(handshake + report + report.slice(0, 30), 'latin1')))).toEqual([handshake, report]);
    expect(text(buffer.push(Buffer.from(report.slice(30), 'latin1')))).toEqual([report]);
  });
});
