import type { DecodedPosition } from '../decoded-position.js';
import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { newPosition } from '../position-builder.js';
import { decodeWialonData, EXTENDED_FIELDS, SHORT_FIELDS } from './wialon-data.js';
import { wialonAnswer, WialonCode } from './wialon.encoder.js';

/** `[prefix]#type#body`: over UDP the prefix names the tracker (`imei`, or `2.0;imei` from version 2.0 on). */
const PACKET = /^([^#]*)#([A-Z]{1,3})#(.*)$/s;

/**
 * Version 2.0 ends a packet with a CRC-16 in hex. It is dropped, not checked: the data packets'
 * checksums are CRC-16/ARC of the body, but a captured login's is not, and Traccar, which trackers
 * have been set up against, accepts every packet whatever its checksum.
 */
const CHECKSUM = /^(?:0x)?[0-9A-Fa-f]{1,4}$/;

const LINE_END = /[\r\n]+$/;

/** The identifier in a packet's prefix or a login body (the field after the version, when one is given). */
const identifierOf = (fields: readonly string[]): string | undefined => {
  const id = fields.length > 1 && fields[0]!.includes('.') ? fields[1] : fields[0];
  return id === undefined || id === '' ? undefined : id;
};

const answer = (type: string, code: string): DecodeResult => ({ positions: [], ack: [wialonAnswer(type, code)] });

/** `#L#[version;]imei;password[;crc]`: answered `#AL#1` once the tracker is known, `#AL#0` when it is not. */
const decodeLogin = (body: string): DecodeResult => {
  const imei = identifierOf(body.split(';'));
  if (imei === undefined) return answer('L', WialonCode.rejected);
  return { identify: imei, positions: [], ack: [wialonAnswer('L', WialonCode.accepted)], reject: wialonAnswer('L', WialonCode.rejected) };
};

/** `parts` without the checksum version 2.0 appends as the last of them, when they are as many as a packet with one has. */
const withoutChecksum = (parts: string[], countWithChecksum: (count: number) => boolean): string[] => {
  if (countWithChecksum(parts.length) && CHECKSUM.test(parts.at(-1)!)) parts.pop();
  return parts;
};

/** A short or extended data message's fields, without its checksum. */
const dataFields = (message: string, fieldsWithChecksum: number): string[] => withoutChecksum(message.split(';'), (count) => count === fieldsWithChecksum);

const beyondOne = (count: number) => count > 1;

const decodeData = (type: 'SD' | 'D', body: string, uniqueId: string, now: number): DecodeResult => {
  const result = decodeWialonData(dataFields(body, (type === 'SD' ? SHORT_FIELDS : EXTENDED_FIELDS) + 1), uniqueId, now);
  if ('error' in result) return answer(type, result.error);
  return { positions: [result.position], ack: [wialonAnswer(type, WialonCode.accepted)] };
};

/** `#B#msg|msg|…[|crc]`: messages kept while the tracker was out of reach, answered with how many were taken. */
const decodeBlackBox = (body: string, uniqueId: string, now: number): DecodeResult => {
  const messages = withoutChecksum(body.split('|'), beyondOne);
  const positions: DecodedPosition[] = [];
  for (const message of messages) {
    const result = decodeWialonData(dataFields(message, EXTENDED_FIELDS + 1), uniqueId, now);
    if ('error' in result) continue;
    result.position.attributes.archive = true;
    positions.push(result.position);
  }
  return { positions, ack: [wialonAnswer('B', String(positions.length))] };
};

/** `#M#text[;crc]`: a message from the driver, kept as Traccar keeps it (`result`, at the last location). */
const decodeDriverMessage = (body: string, uniqueId: string, now: number): DecodeResult => {
  const position = newPosition('wialon', uniqueId, now);
  position.attributes.result = withoutChecksum(body.split(';'), beyondOne).join(';');
  return { positions: [position], ack: [wialonAnswer('M', WialonCode.accepted)] };
};

/**
 * Wialon IPS 1.1 and 2.0 (Gurtam's text protocol, spoken by many trackers and phone apps):
 * login, short and extended data, black box, ping and driver messages.
 */
export const decodeWialon = (frame: Buffer, context: DecodeContext<unknown>): DecodeResult => {
  // a datagram is a frame as it came, line end included
  const packet = PACKET.exec(frame.toString('utf8').replace(LINE_END, ''));
  if (!packet) return nothing();
  const [, prefix, type, body] = packet as unknown as [string, string, string, string];
  if (type === 'L') return decodeLogin(body);
  const announced = identifierOf(prefix.split(';'));
  const uniqueId = announced ?? context.uniqueId;
  const identified = (result: DecodeResult): DecodeResult => (announced === undefined ? result : { ...result, identify: announced });
  if (type === 'P') return identified({ positions: [], ack: [wialonAnswer('P')] });
  if (uniqueId === undefined) return nothing();
  const now = context.now();
  switch (type) {
    case 'SD':
    case 'D':
      return identified(decodeData(type, body, uniqueId, now));
    case 'B':
      return identified(decodeBlackBox(body, uniqueId, now));
    case 'M':
      return identified(decodeDriverMessage(body, uniqueId, now));
    default:
      return nothing();
  }
};
