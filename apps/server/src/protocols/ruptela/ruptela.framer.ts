import { frameOf, incomplete, invalid, type Framer, type FrameResult } from '../transport/framer.js';

export const RUPTELA_MAX_FRAME = 4096;

/** `[length 2][payload][CRC 2]`: a frame is the announced payload length + 4 bytes. */
export const createRuptelaFramer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    if (buffer.length < 2) return incomplete();
    const total = buffer.readUInt16BE(0) + 4;
    if (total > RUPTELA_MAX_FRAME) return invalid(`packet of ${total} bytes`);
    return buffer.length >= total ? frameOf(buffer, 0, total) : incomplete();
  },
});
