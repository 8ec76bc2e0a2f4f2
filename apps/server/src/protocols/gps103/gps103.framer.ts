import { frameOf, incomplete, type Framer, type FrameResult } from '../transport/framer.js';

export const GPS103_MAX_FRAME = 8192;
const DELIMITERS = new Set([0x0a, 0x0d, 0x3b, 0x2a]);

/** Coban text messages end at `\r\n`, `\n`, `;` or `*` (reference/protocols.md §5b); empty lines are skipped. */
export const createGps103Framer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    let start = 0;
    while (start < buffer.length && DELIMITERS.has(buffer[start]!)) start++;
    if (start > 0) return incomplete(start);
    const end = buffer.findIndex((byte) => DELIMITERS.has(byte));
    if (end < 0) return incomplete();
    return frameOf(buffer, 0, end, end + 1);
  },
});
