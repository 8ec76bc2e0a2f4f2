import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { newPosition } from '../position-builder.js';
import { bcd, ByteReader } from '../transport/byte-reader.js';
import { decodeLocation } from './jt808-location.decoder.js';
import { jt808GeneralResponse, jt808RegistrationResponse, jt808TimeResponse, type Jt808Terminal } from './jt808.encoder.js';

/** Message IDs the decoder acts on (reference/protocols.md §10, flow). */
const MSG = {
  heartbeat: 0x0002,
  registration: 0x0100,
  authentication: 0x0102,
  timeSync: 0x0109,
  location: 0x0200,
  batch: 0x0704,
  commandResponse: 0x0701,
  transparent: 0x0900,
} as const;

/** Also answered with a general response, though they carry no position. */
const ACKNOWLEDGED = new Set([0x0003, 0x0506, 0x8888, 0x1007, 0x0107, 0x6006, MSG.heartbeat, MSG.authentication, MSG.location, MSG.batch, MSG.transparent]);

/** The phone number's digits, without the leading zeros Traccar also strips. */
const uniqueIdOf = (phone: Buffer): string => bcd(phone).replace(/^0+(?=\d)/, '');

/** One binary frame `7E header body checksum 7E`, already un-escaped. */
const decodeBinary = (frame: Buffer, context: DecodeContext<unknown>): DecodeResult => {
  const reader = new ByteReader(frame, 1, frame.length - 2);
  const type = reader.u16();
  const properties = reader.u16();
  const version = properties & 0x4000 ? reader.u8() : undefined;
  const terminal: Jt808Terminal = { phone: reader.bytes(version !== undefined ? 10 : 6), version };
  const serial = reader.u16();
  const body = reader.rest();
  const uniqueId = uniqueIdOf(terminal.phone);
  const now = context.now();
  const ack = ACKNOWLEDGED.has(type) ? [jt808GeneralResponse(terminal, serial, type)] : [];
  switch (type) {
    case MSG.registration:
      return { identify: uniqueId, positions: [], ack: [jt808RegistrationResponse(terminal, serial, uniqueId)] };
    case MSG.timeSync:
      return { identify: uniqueId, positions: [], ack: [jt808TimeResponse(terminal, now)] };
    case MSG.location:
      return { identify: uniqueId, positions: [decodeLocation(uniqueId, body, now)], ack };
    case MSG.batch: {
      const items = new ByteReader(body);
      const count = items.u16();
      const archive = items.u8() === 1;
      const positions = [];
      for (let i = 0; i < count && items.remaining >= 2; i++) {
        const position = decodeLocation(uniqueId, items.bytes(items.u16()), now);
        if (archive) position.attributes.archive = true;
        positions.push(position);
      }
      return { identify: uniqueId, positions, ack };
    }
    case MSG.commandResponse: {
      const position = newPosition('jt808', uniqueId, now);
      const result = new ByteReader(body);
      result.skip(4); // length of the text
      position.attributes.result = result.rest().toString('latin1');
      return { identify: uniqueId, positions: [position], ack };
    }
    case MSG.heartbeat: {
      if (body.length < 4) return { identify: uniqueId, positions: [], ack };
      const position = newPosition('jt808', uniqueId, now);
      position.attributes.batteryLevel = body[0];
      position.attributes.rssi = body[1];
      return { identify: uniqueId, positions: [position], ack };
    }
    default:
      return { identify: uniqueId, positions: [], ack };
  }
};

/** One JT/T 808 frame; text `(…)` frames (lock models) are not decoded yet. */
export const decodeJt808 = (frame: Buffer, context: DecodeContext<unknown>): DecodeResult =>
  frame[0] === 0x7e && frame.length >= 15 ? decodeBinary(frame, context) : nothing();
