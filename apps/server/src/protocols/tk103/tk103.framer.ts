import { frameOf, incomplete, type Framer, type FrameResult } from '../transport/framer.js';

/** Bytes buffered without a closing `)` before the buffer resynchronises on the next `(`. */
export const TK103_RESYNC = 1024;
export const TK103_MAX_FRAME = 4096;

/**
 * `(` … `)`, where the closing `)` is the first with an even number of `$` since the start: free
 * text between `$` may contain `)` (reference/protocols.md §5).
 */
export const createTk103Framer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    const start = buffer.indexOf(0x28);
    if (start < 0) return incomplete(buffer.length);
    if (start > 0) return incomplete(start);
    let dollars = 0;
    for (let at = 1; at < buffer.length; at++) {
      if (buffer[at] === 0x24) dollars++;
      else if (buffer[at] === 0x29 && dollars % 2 === 0) return frameOf(buffer, 0, at + 1);
    }
    if (buffer.length > TK103_RESYNC) {
      const next = buffer.indexOf(0x28, 1);
      return incomplete(next < 0 ? buffer.length : next);
    }
    return incomplete();
  },
});
