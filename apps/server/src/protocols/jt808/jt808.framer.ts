import { frameOf, incomplete, type Framer, type FrameResult } from '../transport/framer.js';

export const JT808_MAX_FRAME = 4096;

/** `7D 01` → `7D`, `7D 02` → `7E` inside a frame. */
export const unescapeJt808 = (frame: Buffer): Buffer => {
  const out: number[] = [];
  for (let i = 0; i < frame.length; i++) {
    if (frame[i] === 0x7d && i + 1 < frame.length && (frame[i + 1] === 0x01 || frame[i + 1] === 0x02)) out.push(frame[++i] === 0x01 ? 0x7d : 0x7e);
    else out.push(frame[i]!);
  }
  return Buffer.from(out);
};

/**
 * Skip to `7E` or `(`; a binary frame runs to the next `7E` inclusive and is un-escaped, a text one
 * to `)` (reference/protocols.md §10, stream splitting).
 */
export const createJt808Framer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    let start = 0;
    while (start < buffer.length && buffer[start] !== 0x7e && buffer[start] !== 0x28) start++;
    if (start > 0) return incomplete(start);
    if (buffer.length < 2) return incomplete();
    const end = buffer.indexOf(buffer[0] === 0x7e ? 0x7e : 0x29, 1);
    if (end < 0) return incomplete();
    if (buffer[0] === 0x28) return frameOf(buffer, 0, end + 1);
    // two delimiters in a row: the first closed a frame already taken, the second opens this one
    if (end === 1) return incomplete(1);
    return { kind: 'frame', frame: unescapeJt808(buffer.subarray(0, end + 1)), consumed: end + 1 };
  },
});
