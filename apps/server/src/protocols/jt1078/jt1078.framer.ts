import { frameOf, incomplete, invalid, type Framer, type FrameResult } from '../transport/framer.js';
import { jt1078Layout, JT1078_MAGIC, MAX_BODY_BYTES } from './jt1078-layout.js';

export const JT1078_MAX_FRAME = 64 + MAX_BODY_BYTES;

/** Skips to the `01cd` that starts a packet; a packet runs to the end of the body its header gives the length of. */
export const createJt1078Framer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    const start = buffer.indexOf(JT1078_MAGIC);
    if (start < 0) return incomplete(Math.max(0, buffer.length - (JT1078_MAGIC.length - 1)));
    if (start > 0) return incomplete(start);
    const layout = jt1078Layout(buffer);
    if (layout === undefined) return incomplete();
    if (layout === 'unknown type') return invalid('unknown JT1078 data type');
    if (layout.bodyLength > MAX_BODY_BYTES) return invalid(`JT1078 body of ${layout.bodyLength} bytes`);
    const end = layout.bodyStart + layout.bodyLength;
    return buffer.length < end ? incomplete() : frameOf(buffer, 0, end);
  },
});
