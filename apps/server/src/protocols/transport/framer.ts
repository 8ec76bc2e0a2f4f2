/** What a framer finds at the front of a connection's buffered bytes. */
export type FrameResult =
  /** One whole frame; `consumed` bytes (the frame plus any delimiter or garbage before it) leave the buffer. */
  | { kind: 'frame'; frame: Buffer; consumed: number }
  /** No whole frame yet; `discard` leading bytes are garbage and may go. */
  | { kind: 'incomplete'; discard: number }
  /** The stream cannot be a valid frame (impossible length): the connection is closed. */
  | { kind: 'invalid'; reason: string };

/**
 * Splits a byte stream into frames. One framer serves one connection and may keep state between
 * calls (H02 remembers its binary frame length); `next` never consumes more than it reports.
 */
export interface Framer {
  next(buffer: Buffer): FrameResult;
}

export const incomplete = (discard = 0): FrameResult => ({ kind: 'incomplete', discard });
/** A frame of `buffer` from `start` to `end`: the buffer itself when that is all of it (a tracker's usual read is one whole frame), so no view is made. */
export const frameOf = (buffer: Buffer, start: number, end: number, consumed = end): FrameResult => ({
  kind: 'frame',
  frame: start === 0 && end === buffer.length ? buffer : buffer.subarray(start, end),
  consumed,
});
export const invalid = (reason: string): FrameResult => ({ kind: 'invalid', reason });

/** Index of `byte` in `buffer` at or after `from`, or -1. */
export const indexOfByte = (buffer: Buffer, byte: number, from = 0): number => buffer.indexOf(byte, from);
