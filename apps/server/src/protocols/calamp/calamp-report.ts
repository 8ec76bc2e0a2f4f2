import { toKnots } from '@tracklane/domain';
import type { DecodedPosition } from '../decoded-position.js';
import { newPosition, setFix, setTime } from '../position-builder.js';
import type { ByteReader } from '../transport/byte-reader.js';

/** Message types of the LMU message header that carry a position. */
export const CalAmpMessage = { eventReport: 2, userData: 4, locateReport: 8, miniEventReport: 10 } as const;

const DEGREES_PER_UNIT = 1e-7;
// fix status: the fix is invalid (the last known one, or none)
const FIX_INVALID = 0x08;
// mini event reports pack the satellites in the low nibble and this flag above them
const MINI_FIX_INVALID = 0x20;

/** `accum count`: how many 4-byte accumulators follow (bits 0-5), and, when bits 6-7 are 1, a threshold and a mask before them. */
const readAccumulators = (reader: ByteReader, position: DecodedPosition, mini: boolean): void => {
  const header = reader.u8();
  const count = header & 0x3f;
  if (!mini) position.attributes.append = reader.u8();
  if (header >> 6 === 1) reader.skip(8);
  for (let index = 0; index < count && reader.remaining >= 4; index++) position.attributes[`acc${index}`] = reader.u32();
};

/** The digital inputs, the first being the ignition sense line. */
const readInputs = (reader: ByteReader, attributes: Record<string, unknown>): void => {
  const input = reader.u8();
  attributes.input = input;
  attributes.ignition = (input & 0x01) !== 0;
};

/** An event, locate or user data report: its fix, radio and I/O fields. */
const readFullReport = (reader: ByteReader, position: DecodedPosition, type: number): void => {
  const a = position.attributes;
  const updateTime = reader.u32() * 1000;
  const fixTime = reader.u32() * 1000;
  const latitude = reader.i32() * DEGREES_PER_UNIT;
  const longitude = reader.i32() * DEGREES_PER_UNIT;
  const altitude = reader.i32() / 100;
  const speed = toKnots(reader.u32() / 100, 'mps');
  const course = reader.i16();
  a.sat = reader.u8();
  const fixStatus = reader.u8();
  // a unit that never had a fix sends a fix time of 0 and coordinates of 0: the report is of its last location
  if (fixTime === 0) setTime(position, updateTime);
  else {
    setFix(position, { time: fixTime, latitude, longitude, altitude, speed, course, valid: (fixStatus & FIX_INVALID) === 0 });
    // when the report was made, which is later than the fix when the fix is not current
    position.deviceTime = updateTime;
  }
  a.carrier = reader.u16();
  a.rssi = reader.i16();
  a.modem = reader.u8();
  a.hdop = reader.u8() / 10;
  readInputs(reader, a);
  a.status = reader.u8();
  if (type === CalAmpMessage.eventReport) {
    reader.skip(1); // event index
    a.event = reader.u8();
  }
  if (type === CalAmpMessage.userData) {
    reader.skip(2); // route and id of the user message
    a.result = reader.ascii(reader.u16()).trim();
  } else {
    readAccumulators(reader, position, false);
  }
};

/** A mini event report: a shorter fix (speed in km/h, no altitude) and the event. */
const readMiniReport = (reader: ByteReader, position: DecodedPosition): void => {
  const a = position.attributes;
  const time = reader.u32() * 1000;
  const latitude = reader.i32() * DEGREES_PER_UNIT;
  const longitude = reader.i32() * DEGREES_PER_UNIT;
  const course = reader.i16();
  const speed = toKnots(reader.u8(), 'kmh');
  const fix = reader.u8();
  a.sat = fix & 0x0f;
  setFix(position, { time, latitude, longitude, speed, course, valid: (fix & MINI_FIX_INVALID) === 0 });
  a.modem = reader.u8();
  readInputs(reader, a);
  a.event = reader.u8();
  readAccumulators(reader, position, true);
};

/** The position a report of `type` carries, in Traccar's units and names (`type`, `event`, `input`, `acc0`…). */
export const readCalAmpReport = (reader: ByteReader, type: number, uniqueId: string, now: number): DecodedPosition => {
  const position = newPosition('calamp', uniqueId, now);
  position.attributes.type = type;
  if (type === CalAmpMessage.miniEventReport) readMiniReport(reader, position);
  else readFullReport(reader, position, type);
  return position;
};
