import { frameOf, incomplete, type Framer, type FrameResult } from '../transport/framer.js';

export const GL200_MAX_FRAME = 8192;

/** Where a binary frame's length sits, by header (reference/protocols.md §7, stream splitting). */
const LENGTH_FIELDS: Record<string, [offset: number, size: 1 | 2]> = {
  '+ACK': [6, 1],
  '+INF': [7, 2],
  '+BNF': [7, 2],
  '+HBD': [5, 1],
  '+CRD': [6, 2],
  '+BRD': [6, 2],
  '+LGN': [6, 2],
  '+RSP': [9, 2],
  '+BSP': [9, 2],
  '+EVT': [9, 2],
  '+BVT': [9, 2],
};

/** Text ends at `$` or NUL (dropped); binary frames carry their length at a header-dependent offset. */
export const createGl200Framer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    const header = buffer.toString('latin1', 0, 4);
    const binary = buffer.length > 1 && buffer[1] === 0x00 ? ([2, 2] as const) : buffer[4] !== 0x3a ? LENGTH_FIELDS[header] : undefined;
    if (binary && buffer.length < 11) return incomplete();
    if (binary) {
      const [offset, size] = binary;
      const length = size === 1 ? buffer.readUInt8(offset) : buffer.readUInt16BE(offset);
      return buffer.length >= length ? frameOf(buffer, 0, length) : incomplete();
    }
    for (let end = 0; end < buffer.length; end++) {
      if (buffer[end] === 0x24 || buffer[end] === 0x00) return end === 0 ? incomplete(1) : frameOf(buffer, 0, end, end + 1);
    }
    return incomplete();
  },
});
