import { frameOf, incomplete, type Framer, type FrameResult } from '../transport/framer.js';

export const SUNTECH_MAX_FRAME = 8192;

/**
 * reference/protocols.md §9: `0x02` zip frames are 1 + 2 + length + 1 bytes, `0x8x 0x00`
 * universal binary frames 1 + 2 + length; text ends at a `\r` not followed by `\n` (UEX serial
 * data may hold CRLF), and the `\r` is dropped.
 */
export const createSuntechFramer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    if (buffer.length < 3) return incomplete();
    if (buffer[0] === 0x02 || buffer[1] === 0x00) {
      const length = buffer.readUInt16BE(1) + (buffer[0] === 0x02 ? 4 : 3);
      return buffer.length >= length ? frameOf(buffer, 0, length) : incomplete();
    }
    for (let end = buffer.indexOf(0x0d); end >= 0; end = buffer.indexOf(0x0d, end + 1)) {
      if (buffer[end + 1] !== 0x0a) return frameOf(buffer, 0, end, end + 1);
    }
    return incomplete();
  },
});
