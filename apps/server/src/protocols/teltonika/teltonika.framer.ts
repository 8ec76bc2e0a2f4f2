import { frameOf, incomplete, invalid, type Framer, type FrameResult } from '../transport/framer.js';

/** Largest AVL packet accepted on one connection (FMB devices send up to ~1.3 KiB; newer ones more). */
export const TELTONIKA_MAX_FRAME = 128 * 1024;

/**
 * TCP stream (reference/protocols.md §3): a lone `FF` keep-alive; an IMEI packet (2-byte length +
 * ASCII); or an AVL packet (`00000000` + 4-byte length + data + 4-byte CRC).
 */
export const createTeltonikaFramer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    if (buffer[0] === 0xff) return frameOf(buffer, 0, 1);
    if (buffer.length < 2) return incomplete();
    const imeiLength = buffer.readUInt16BE(0);
    if (imeiLength > 0) {
      if (imeiLength > 64) return invalid(`identification length ${imeiLength}`);
      return buffer.length >= imeiLength + 2 ? frameOf(buffer, 0, imeiLength + 2) : incomplete();
    }
    if (buffer.length < 8) return incomplete();
    if (buffer.readUInt16BE(2) !== 0) return invalid('AVL preamble is not zero');
    const total = buffer.readUInt32BE(4) + 12;
    if (total > TELTONIKA_MAX_FRAME) return invalid(`AVL packet of ${total} bytes`);
    return buffer.length >= total ? frameOf(buffer, 0, total) : incomplete();
  },
});
