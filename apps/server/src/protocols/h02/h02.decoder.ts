import type { DecodedPosition } from '../decoded-position.js';
import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { newPosition, setFix, utc } from '../position-builder.js';
import { ByteReader } from '../transport/byte-reader.js';
import { h02HeartbeatEcho, h02R12, h02Reply } from './h02.encoder.js';
import { applyStatus, decodeHeartbeat, decodeLink, decodeLocationSentence, decodeNbr, decodeV3, decodeVp1 } from './h02-text.js';

/** Per-connection H02 state: whether text locations other than V1 are answered (Traccar's `h02.ack`). */
export interface H02State {
  ack: boolean;
  /** `h02.alternative`: periodic tracking as D1. */
  alternative: boolean;
}

/** Battery byte of binary frames: 1–3 and 4–6 are levels, ≤ 100 percent, F1–F6 levels again. */
const batteryOf = (value: number): number | undefined => {
  if (value === 0) return undefined;
  if (value <= 3) return (value - 1) * 10;
  if (value <= 6) return (value - 1) * 20;
  if (value <= 100) return value;
  return value >= 0xf1 && value <= 0xf6 ? value - 0xf0 : undefined;
};

/** Binary frame: `$`, BCD id, time, date, latitude, battery, longitude + flags, speed, course, status. */
const decodeBinary = (frame: Buffer, context: DecodeContext<unknown>): DecodeResult => {
  const reader = new ByteReader(frame, 1);
  const id = frame.length === 42 ? reader.hex(8).slice(0, 15) : reader.hex(5);
  const time = reader.hex(6);
  const latitude = reader.hex(4);
  const battery = batteryOf(reader.u8());
  const longitude = reader.hex(5);
  const motion = reader.hex(3);
  const status = reader.u32();
  const flags = Number.parseInt(longitude[9]!, 16);
  const position = newPosition('h02', id, context.now());
  const n = (text: string, from: number, to: number) => Number(text.slice(from, to));
  setFix(position, {
    time: utc(n(time, 10, 12), n(time, 8, 10), n(time, 6, 8), n(time, 0, 2), n(time, 2, 4), n(time, 4, 6)),
    latitude: (n(latitude, 0, 2) + (n(latitude, 2, 4) + n(latitude, 4, 8) / 10000) / 60) * (flags & 0x04 ? 1 : -1),
    longitude: (n(longitude, 0, 3) + (n(longitude, 3, 5) + n(longitude, 5, 9) / 10000) / 60) * (flags & 0x08 ? 1 : -1),
    valid: (flags & 0x02) !== 0,
    speed: n(motion, 0, 3),
    course: n(motion, 3, 6),
  });
  if (battery !== undefined) position.attributes.batteryLevel = battery;
  applyStatus(position, status);
  return { identify: id, positions: [position], ack: [] };
};

type SentenceDecoder = (position: DecodedPosition, sentence: string) => string | undefined;
const DECODERS: Record<string, SentenceDecoder> = { NBR: decodeNbr, LINK: decodeLink, V3: decodeV3, VP1: decodeVp1, V0: decodeHeartbeat, HTBT: decodeHeartbeat };

/** Text sentence `*XX,<id>,<type>,…#` (reference/protocols.md §4). */
const decodeText = (sentence: string, context: DecodeContext<H02State>): DecodeResult => {
  const fields = sentence.split(',');
  const id = fields[1] ?? '';
  const typeEnd = sentence.indexOf(',', sentence.indexOf(',', sentence.indexOf(',') + 1) + 1);
  const type = (fields[2] ?? '').split('#')[0]!;
  const uniqueId = /^\d+$/.test(id) ? id : context.uniqueId;
  if (uniqueId === undefined || fields.length < 3) return nothing();
  const identify = uniqueId === context.uniqueId && id === '' ? undefined : uniqueId;
  const position = newPosition('h02', uniqueId, context.now());
  const now = context.now();

  if (type === 'V0' || type === 'HTBT') {
    const echo = h02HeartbeatEcho(sentence.slice(0, typeEnd > 0 ? typeEnd : sentence.indexOf('#')));
    return { identify, positions: DECODERS[type]!(position, sentence) ? [position] : [], ack: [echo] };
  }
  if (type === 'SMS') {
    position.attributes.result = sentence.slice(sentence.indexOf('SMS,') + 4, -1);
    return { identify, positions: [position], ack: [] };
  }
  const decoder = DECODERS[type];
  if (decoder) {
    if (!decoder(position, sentence)) return { identify, positions: [], ack: [] };
    return { identify, positions: [position], ack: type === 'NBR' ? [h02Reply(id, 'NBR', now)] : [] };
  }
  const decoded = decodeLocationSentence(position, sentence, now);
  if (!decoded) return { identify, positions: [], ack: [] };
  return { identify, positions: [position], ack: id === '' ? [] : decoded.type === 'V1' ? [h02Reply(id, 'V1', now)] : context.state.ack ? [h02R12(id, now)] : [] };
};

/** One H02 frame: a text sentence or a binary report. */
export const decodeH02 = (frame: Buffer, context: DecodeContext<H02State>): DecodeResult => {
  if (frame[0] === 0x24) return decodeBinary(frame, context);
  if (frame[0] === 0x2a) return decodeText(frame.toString('latin1').trim(), context);
  return nothing();
};

export { applyStatus };
