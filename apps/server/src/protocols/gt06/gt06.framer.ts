import { frameOf, incomplete, invalid, type Framer, type FrameResult } from '../transport/framer.js';

/** Traccar's limit for one GT06 frame. */
export const GT06_MAX_FRAME = 32 * 1024;

const isHeader = (buffer: Buffer, at: number) =>
  at + 1 < buffer.length && ((buffer[at] === 0x78 && buffer[at + 1] === 0x78) || (buffer[at] === 0x79 && buffer[at + 1] === 0x79));

/** Extended types that carry photo bytes (X1 parts 0x36, WD-209 multimedia 0x41). */
const MEDIA_TYPES = new Set([0x36, 0x41]);

/** Offset of the next `0D 0A` at or after `from`, or -1. */
const lineEnd = (buffer: Buffer, from: number): number => {
  for (let at = buffer.indexOf(0x0d, from); at >= 0; at = buffer.indexOf(0x0d, at + 1)) {
    if (at + 1 < buffer.length && buffer[at + 1] === 0x0a) return at;
  }
  return -1;
};

/**
 * `78 78` + 1-byte length or `79 79` + 2-byte length, ending `0D 0A` (reference/protocols.md §2).
 * Some units send a wrong length (Wi-Fi packets put a count there, short logins announce more than
 * they send): a frame that does not end in `0D 0A` where its length says runs to a `0D 0A` instead.
 */
export const createGt06Framer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    if (buffer.length < 2) return incomplete(buffer[0] === 0x78 || buffer[0] === 0x79 ? 0 : buffer.length);
    if (!isHeader(buffer, 0)) {
      // resynchronise on the next header; a last 0x78/0x79 may begin one
      let at = 1;
      while (at < buffer.length - 1 && !isHeader(buffer, at)) at++;
      const last = buffer[at];
      return incomplete(at === buffer.length - 1 && last !== 0x78 && last !== 0x79 ? at + 1 : at);
    }
    if (buffer.length < 5) return incomplete();
    const extended = buffer[0] === 0x79;
    const total = extended ? 2 + 2 + buffer.readUInt16BE(2) + 2 : 2 + 1 + buffer[2]! + 2;
    if (total > GT06_MAX_FRAME) return invalid(`frame length ${total} exceeds ${GT06_MAX_FRAME}`);
    if (buffer.length >= total && buffer[total - 2] === 0x0d && buffer[total - 1] === 0x0a) return frameOf(buffer, 0, total);
    // photo bytes hold `0D 0A` and headers anywhere: such a frame ends where its length says, once it is all in
    if (extended && buffer.length < total && MEDIA_TYPES.has(buffer[4]!)) return incomplete();
    for (let end = lineEnd(buffer, 2); end >= 0; end = lineEnd(buffer, end + 1)) {
      // before the announced length is in, a `0D 0A` ends the frame only where the next one starts
      if (buffer.length >= total || end + 2 === buffer.length || isHeader(buffer, end + 2)) return frameOf(buffer, 0, end + 2);
    }
    return incomplete();
  },
});
