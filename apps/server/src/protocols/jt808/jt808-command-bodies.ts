import iconv from 'iconv-lite';
import type { DeviceTimeZone } from '../device-time-zone.js';

/** Message IDs of the platform's commands (JT/T 808 and the vendor extensions Traccar sends). */
export const COMMAND_MSG = {
  parameterSetting: 0x8103,
  parameterQuery: 0x8104,
  terminalControl: 0x8105,
  locationQuery: 0x8201,
  trackingControl: 0x8202,
  alarmConfirmation: 0x8203,
  textMessage: 0x8300,
  vehicleControl: 0x8500,
  photoRequest: 0x8801,
  transparentDownlink: 0x8900,
  oilControl: 0xa006,
  // JT/T 1078: start, and control, of a camera channel's live audio and video
  videoRequest: 0x9101,
  videoControl: 0x9102,
} as const;

/** A message for the terminal: its ID and body. */
export interface Jt808Message {
  type: number;
  body: Buffer;
}

export const message = (type: number, body: Buffer = Buffer.alloc(0)): Jt808Message => ({ type, body });

/** JT/T 808 STRING fields are GBK; ASCII text is the same bytes. */
export const gbk = (text: string): Buffer => iconv.encode(text, 'gbk');

/** US-ASCII as the terminals' AT and address fields take it: `?` for any other character. */
export const ascii = (text: string): Buffer => Buffer.from(text.replace(/[^\x00-\x7f]/gu, '?'), 'latin1');

const clamp = (value: number, max: number): number => Math.min(Math.max(value, 0), max);

export const byte = (value: number): Buffer => Buffer.from([clamp(value, 0xff)]);

export const uint32 = (value: number): Buffer => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(clamp(value, 0xffffffff));
  return out;
};

/** A parameter ID and its value, of at most 255 bytes (its length is one byte). */
export type Parameter = [id: number, value: Buffer];

/** 0x8103 set parameters: their count, then each one's 4-byte ID, length and value. */
export const setParameters = (...parameters: Parameter[]): Jt808Message =>
  message(
    COMMAND_MSG.parameterSetting,
    Buffer.concat([byte(parameters.length), ...parameters.flatMap(([id, value]) => [uint32(id), byte(value.length), value.subarray(0, 0xff)])]),
  );

/** 0x8300 text message; the flag says what the terminal does with it (1 emergency, 4 display, 8 read out). */
export const textMessage = (flag: number, text: string): Jt808Message => message(COMMAND_MSG.textMessage, Buffer.concat([byte(flag), gbk(text)]));

/** 0x8105 terminal control with its command word (and, for some vendors' words, their text). */
export const terminalControl = (word: Buffer): Jt808Message => message(COMMAND_MSG.terminalControl, word);

/** The standard's terminal control command words (JT/T 808 table of 0x8105). */
export const CONTROL_WORD = { powerOff: 0x03, reset: 0x04, factoryReset: 0x05 } as const;

/** 0x8801 take one photo now on a camera channel, uploaded at once, at the terminal's own resolution and image settings. */
export const photoRequest = (channel: number): Jt808Message => {
  const body = Buffer.alloc(12);
  body[0] = clamp(channel, 0xff);
  body.writeUInt16BE(1, 1);
  return message(COMMAND_MSG.photoRequest, body);
};

/** The zone's wall clock at `utc`, written as if it were UTC: the inverse of `toUtc`, looked up twice for daylight saving. */
const wallClockAt = (zone: DeviceTimeZone, utc: number): number => {
  const guess = utc + (utc - zone.toUtc(utc));
  return utc + (guess - zone.toUtc(guess));
};

/** `yyMMddHHmmss` as six BCD bytes, in the terminal's clock zone. */
export const bcdTime = (zone: DeviceTimeZone, utc: number): Buffer => {
  const digits = new Date(wallClockAt(zone, utc)).toISOString().slice(2, 19).replace(/\D/g, '');
  return Buffer.from(digits, 'hex');
};
