import { frameOf, incomplete, type Framer, type FrameResult } from '../transport/framer.js';

/** A black-box packet carries many messages on one line. */
export const WIALON_MAX_FRAME = 64 * 1024;

const CR = 0x0d;
const LF = 0x0a;

/** Wialon IPS packets are lines ending `\r\n` (a bare `\n` is taken too); the line end is dropped, empty lines are skipped. */
export const createWialonFramer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    let start = 0;
    while (start < buffer.length && (buffer[start] === CR || buffer[start] === LF)) start++;
    if (start > 0) return incomplete(start);
    const newline = buffer.indexOf(LF);
    if (newline < 0) return incomplete();
    const end = newline > 0 && buffer[newline - 1] === CR ? newline - 1 : newline;
    return frameOf(buffer, 0, end, newline + 1);
  },
});
