import { frameOf, incomplete, invalid, type Framer, type FrameResult } from '../transport/framer.js';

export const MEITRACK_MAX_FRAME = 65536;

/**
 * `$$<flag><decimal length>,…`: the length counts from the first comma through the closing CRLF,
 * so the frame is (offset of that comma) + length bytes (reference/protocols.md §8).
 */
export const createMeitrackFramer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    const start = buffer.indexOf('$$');
    if (start < 0) return incomplete(Math.max(0, buffer.length - 1));
    if (start > 0) return incomplete(start);
    const comma = buffer.indexOf(0x2c);
    if (comma < 0) return buffer.length > 16 ? invalid('no length field') : incomplete();
    const length = Number(buffer.toString('latin1', 3, comma));
    if (!Number.isInteger(length) || length <= 0) return invalid(`bad length ${buffer.toString('latin1', 3, comma)}`);
    const end = comma + length;
    return buffer.length >= end ? frameOf(buffer, 0, end) : incomplete();
  },
});
