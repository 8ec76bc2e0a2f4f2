import { incomplete, invalid, type Framer, type FrameResult } from '../transport/framer.js';

/** Voice and image payloads make large frames. */
export const WATCH_MAX_FRAME = 1024 * 1024;

const ESCAPES: Record<number, number> = { 0x01: 0x7d, 0x02: 0x5b, 0x03: 0x5d, 0x04: 0x2c, 0x05: 0x2a };

/** Undoes `7D 0x` escaping of binary payloads (`7D 01` → `}`, `02` → `[`, `03` → `]`, `04` → `,`, `05` → `*`). */
export const unescapeWatch = (frame: Buffer): Buffer | undefined => {
  if (!frame.includes(0x7d)) return frame;
  const out: number[] = [];
  for (let at = 0; at < frame.length; at++) {
    if (frame[at] !== 0x7d) {
      out.push(frame[at]!);
      continue;
    }
    const value = ESCAPES[frame[at + 1] ?? -1];
    if (value === undefined) return undefined;
    out.push(value);
    at++;
  }
  return Buffer.from(out);
};

/** `[` … `]` counted by bracket depth, then un-escaped (reference/protocols.md §6). */
export const createWatchFramer = (): Framer => ({
  next(buffer: Buffer): FrameResult {
    const start = buffer.indexOf(0x5b);
    if (start !== 0) return incomplete(start < 0 ? buffer.length : start);
    let depth = 0;
    for (let at = 0; at < buffer.length; at++) {
      if (buffer[at] === 0x5b) depth++;
      else if (buffer[at] === 0x5d && --depth === 0) {
        const frame = unescapeWatch(buffer.subarray(0, at + 1));
        return frame ? { kind: 'frame', frame, consumed: at + 1 } : invalid('bad escape sequence');
      }
    }
    return incomplete();
  },
});
