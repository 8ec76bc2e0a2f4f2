import type { DeviceSettings } from '../../processing/settings/device-settings.js';
import { frameOf, incomplete, type Framer, type FrameResult } from '../transport/framer.js';

export const H02_MAX_FRAME = 4096;

const SHORT = 32;
const LONG = 45;
/** `$` and the first five bytes of the identifier, which both binary lengths start with. */
const HEAD = 6;

/** Whether a binary frame of `length` bytes is followed by another from the same tracker: `$` and the same identifier bytes. */
const followedAt = (buffer: Buffer, length: number): boolean =>
  buffer.length >= length + HEAD && buffer[length] === 0x24 && buffer.compare(buffer, length + 1, length + HEAD, 1, HEAD) === 0;

/**
 * The binary length of a connection, from its first binary frame: 45 when exactly 45 bytes came (as
 * Traccar decides) or when a 45-byte frame is followed by another of the tracker's, else 32. The
 * second test keeps a tracker that sends its stored reports in one burst from being cut into
 * 32-byte pieces.
 */
const binaryLengthOf = (buffer: Buffer): number => (buffer.length === LONG || followedAt(buffer, LONG) ? LONG : SHORT);

/**
 * Text `*…#` or binary `$` + 32/45 bytes, or `X` + 32 (reference/protocols.md §4). The binary length
 * is `h02.messageLength` (H02_MESSAGE_LENGTH) when set to 32 or 45, otherwise found from the first
 * binary frame.
 */
export const createH02Framer = (settings?: Pick<DeviceSettings, 'number'>): Framer => {
  const configured = settings?.number('h02.messageLength') ?? 0;
  let binaryLength = configured > 0 ? configured : undefined;
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
      const length = buffer[0] === 0x58 ? SHORT : (binaryLength ??= binaryLengthOf(buffer));
      return buffer.length >= length ? frameOf(buffer, 0, length) : incomplete();
    },
  };
};
