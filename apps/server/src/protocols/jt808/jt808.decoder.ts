import type { DeviceTimeZone } from '../device-time-zone.js';
import type { DecodedPosition } from '../decoded-position.js';
import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { newPosition } from '../position-builder.js';
import { bcd, ByteReader } from '../transport/byte-reader.js';
import { decodeLocation } from './jt808-location.decoder.js';
import { decodeLockLocation, MSG_LOCK_LOCATION, MSG_LOCK_LOCATION_BLIND } from './jt808-lock-location.decoder.js';
import { decodeMediaUpload, MSG_MULTIMEDIA_DATA, MSG_MULTIMEDIA_EVENT, type Jt808MediaUpload, type Jt808Packaging } from './jt808-media.decoder.js';
import { decodeAcceleration, decodeAttributes, decodeCommandResult, decodeHeartbeat, decodeTextReport, decodeTextResult } from './jt808-messages.decoder.js';
import { decodeTransparent } from './jt808-transparent.decoder.js';
import { jt808GeneralResponse, jt808GeneralResponse2, jt808RegistrationResponse, jt808TimeResponse, type Jt808Terminal } from './jt808.encoder.js';

/** Per-connection JT808 state: the zone of the device's clock (China Standard Time unless `decoder.timezone` says otherwise). */
export interface Jt808State {
  zone: DeviceTimeZone;
  /** The header fields the terminal's last message had, which commands to it repeat. */
  terminal: Jt808Terminal | undefined;
  /** The device setting `jt808.alternative`: engine stop and resume as oil control (0xA006). */
  alternative: boolean;
  /** The multimedia upload whose packets are arriving. */
  media: Jt808MediaUpload | undefined;
}

/** Message IDs the decoder acts on (reference/protocols.md §10, flow). */
const MSG = {
  heartbeat: 0x0002,
  registration: 0x0100,
  authentication: 0x0102,
  attributes: 0x0107,
  timeSync: 0x0109,
  location: 0x0200,
  batch2: 0x0210,
  commandResponse: 0x0701,
  batch: 0x0704,
  mediaEvent: MSG_MULTIMEDIA_EVENT,
  mediaData: MSG_MULTIMEDIA_DATA,
  transparent: 0x0900,
  textResult: 0x1300,
  acceleration: 0x2070,
  textReport: 0x6006,
} as const;

/** Answered with a general response. */
const ACKNOWLEDGED = new Set([0x0003, 0x0506, 0x8888, 0x1007, MSG.heartbeat, MSG.authentication, MSG.attributes, MSG.location, MSG.batch, MSG.batch2, MSG.transparent, MSG.textReport, MSG.mediaEvent]);

interface Header {
  type: number;
  properties: number;
  terminal: Jt808Terminal;
  serial: number;
  /** Present when the message is sub-packaged (properties bit 13): the body is then one slice of it. */
  packet: Jt808Packaging | undefined;
  body: Buffer;
}

const isLockLocation = (type: number) => type === MSG_LOCK_LOCATION || type === MSG_LOCK_LOCATION_BLIND;

const readHeader = (frame: Buffer): Header => {
  const reader = new ByteReader(frame, 1, frame.length - 2);
  const type = reader.u16();
  const properties = reader.u16();
  // padlock reports use bit 14 for themselves and have a one-byte serial
  const version = properties & 0x4000 && !isLockLocation(type) ? reader.u8() : undefined;
  const terminal: Jt808Terminal = { phone: reader.bytes(version !== undefined ? 10 : 6), version };
  const serial = isLockLocation(type) ? reader.u8() : reader.u16();
  const packet = properties & 0x2000 && !isLockLocation(type) ? { count: reader.u16(), index: reader.u16() } : undefined;
  return { type, properties, terminal, serial, packet, body: reader.rest() };
};

/** Luhn check digit, completing a 14-digit number to an IMEI. */
const luhn = (digits: string): number => {
  let sum = 0;
  [...digits].reverse().forEach((char, i) => {
    const doubled = Number(char) * (i % 2 === 0 ? 2 : 1);
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return (10 - (sum % 10)) % 10;
};

/**
 * The phone number's digits without leading zeros, and as written when it has some (a device may be
 * registered either way); phones that are not BCD carry an IMEI as a 48-bit integer.
 */
export const identifiersOf = (phone: Buffer): { uniqueId: string; alsoKnownAs?: string[] } => {
  const digits = bcd(phone);
  if (!/^\d+$/.test(digits)) {
    const imei = String(phone.readUIntBE(0, 6));
    return { uniqueId: `${imei}${luhn(imei)}` };
  }
  const uniqueId = digits.replace(/^0+(?=\d)/, '');
  return uniqueId === digits ? { uniqueId } : { uniqueId, alsoKnownAs: [digits] };
};

const decodeBatch = (uniqueId: string, body: Buffer, now: number, model: string | undefined, zone: DeviceTimeZone, short: boolean): DecodedPosition[] => {
  const reader = new ByteReader(body);
  const archive = short ? false : reader.skip(2).u8() > 0;
  const positions: DecodedPosition[] = [];
  while (reader.remaining > (short ? 1 : 2)) {
    const position = decodeLocation(uniqueId, reader.bytes(short ? reader.u8() : reader.u16()), now, model, zone);
    if (archive) position.attributes.archive = true;
    positions.push(position);
  }
  return positions;
};

type MessageDecoder = (uniqueId: string, header: Header, now: number, model: string | undefined, zone: DeviceTimeZone) => DecodedPosition[];

const MESSAGES: Record<number, MessageDecoder> = {
  [MSG.heartbeat]: (id, { body }, now) => decodeHeartbeat(id, body, now),
  [MSG.attributes]: (id, { body, terminal }, now) => decodeAttributes(id, body, now, terminal.version),
  [MSG.location]: (id, { body }, now, model, zone) => [decodeLocation(id, body, now, model, zone)],
  [MSG.batch]: (id, { body }, now, model, zone) => decodeBatch(id, body, now, model, zone, false),
  [MSG.batch2]: (id, { body }, now, model, zone) => decodeBatch(id, body, now, model, zone, true),
  [MSG_LOCK_LOCATION]: (id, { type, body }, now) => [decodeLockLocation(id, type, body, now)],
  [MSG_LOCK_LOCATION_BLIND]: (id, { type, body }, now) => [decodeLockLocation(id, type, body, now)],
  [MSG.commandResponse]: (id, { body }, now) => decodeCommandResult(id, body, now),
  [MSG.transparent]: (id, { body }, now, model, zone) => decodeTransparent({ uniqueId: id, model, now, zone }, body),
  [MSG.textResult]: (id, { body }, now) => decodeTextResult(id, body, now),
  [MSG.acceleration]: (id, { body }, now) => decodeAcceleration(id, body, now),
  [MSG.textReport]: (id, { body }, now) => decodeTextReport(id, body, now),
};

const acknowledgement = ({ type, properties, terminal, serial }: Header, uniqueId: string, now: number): Buffer[] => {
  if (type === MSG.registration) return [jt808RegistrationResponse(terminal, serial, uniqueId)];
  if (type === MSG.timeSync) return [jt808TimeResponse(terminal, now)];
  if (isLockLocation(type)) return properties & 0x8000 ? [jt808GeneralResponse2(terminal, type)] : [];
  return ACKNOWLEDGED.has(type) ? [jt808GeneralResponse(terminal, serial, type)] : [];
};

/** Keeps the terminal's header fields for commands, in bytes of their own (the frame may be a view of a read buffer); once per terminal. */
const rememberTerminal = (state: Jt808State | undefined, terminal: Jt808Terminal) => {
  if (!state || (state.terminal?.phone.equals(terminal.phone) && state.terminal.version === terminal.version)) return;
  state.terminal = { phone: Buffer.from(terminal.phone), version: terminal.version };
};

/** One binary frame `7E header body checksum 7E`, already un-escaped. */
const decodeBinary = (frame: Buffer, context: DecodeContext<Jt808State>): DecodeResult => {
  const header = readHeader(frame);
  const { uniqueId, alsoKnownAs } = identifiersOf(header.terminal.phone);
  rememberTerminal(context.state, header.terminal);
  if (header.type === MSG.mediaData) return { identify: uniqueId, ...(alsoKnownAs && { alsoKnownAs }), ...decodeMediaUpload(header, uniqueId, context) };
  const now = context.now();
  // one slice of another message is not that message: only acknowledged
  const positions = header.packet ? [] : (MESSAGES[header.type]?.(uniqueId, header, now, context.model, context.state.zone) ?? []);
  return { identify: uniqueId, ...(alsoKnownAs && { alsoKnownAs }), positions, ack: acknowledgement(header, uniqueId, now) };
};

/** `(…)` text of lock models: a time request (`BASE,2`) is answered with the time in place of `TIME`, anything else is a command result. */
const decodeText = (frame: Buffer, context: DecodeContext<unknown>): DecodeResult => {
  const sentence = frame.toString('latin1');
  if (sentence.includes('BASE,2')) {
    const time = new Date(context.now()).toISOString().replace(/\D/g, '').slice(0, 14);
    return { positions: [], ack: [Buffer.from(sentence.replace('TIME', time), 'latin1')] };
  }
  if (context.uniqueId === undefined) return nothing();
  const position = newPosition('jt808', context.uniqueId, context.now());
  position.attributes.result = sentence;
  return { positions: [position], ack: [] };
};

/** One JT/T 808 frame, binary or text. */
export const decodeJt808 = (frame: Buffer, context: DecodeContext<Jt808State>): DecodeResult => {
  if (frame[0] === 0x28) return decodeText(frame, context);
  return frame[0] === 0x7e && frame.length >= 15 ? decodeBinary(frame, context) : nothing();
};
