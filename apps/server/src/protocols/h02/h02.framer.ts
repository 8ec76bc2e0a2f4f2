import { frameOf, incomplete, type Framer, type FrameResult } from '../transport/framer.js';

export const H02_MAX_FRAME = 4096;

/**
 * Text `*…#` or binary `$` + 32/45 bytes, or `X` + 32 (reference/protocols.md §4). The first binary
 * frame decides the length for the connection: exactly 45 bytes buffered means 45, otherwise 32.
 */
export const createH02Framer = (): Framer => {
  let binaryLength: number | undefined;
  return {
    next(buffer: Buffer): FrameResult {
      let start = 0;
      while (start < buffer.length && buffer[start] !== 0x2a && buffer[start] !== 0x24 && buffer[start] !== 0x58) start++;
      if (start > 0) return incomplete(start);
      if (buffer.length === 0) return incomplete();
      if (buffer[0] === 0x2a) {
        const end = buffer.indexOf(0x23);
        if (end < 0) return incomplete();
        let consumed = end + 1;
        while (consumed < buffer.length && (buffer[consumed] === 0x0d || buffer[consumed] === 0x0a)) consumed++;
        return frameOf(buffer, 0, end + 1, consumed);
      }
      const length = buffer[0] === 0x58 ? 32 : (binaryLength ??= buffer.length === 45 ? 45 : 32);
      return buffer.length >= length ? frameOf(buffer, 0, length) : incomplete();
    },
  };
};
