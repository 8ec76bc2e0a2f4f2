import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, cellTower, knotsFromKph, networkOf, newPosition, setFix } from '../position-builder.js';
import { ByteReader } from '../transport/byte-reader.js';
import { decodeVariableParameter } from './meitrack-cce-values.js';
import { meitrackAlarm } from './meitrack-text.decoder.js';

/** Seconds between the Unix epoch and 2000-01-01, the epoch of binary times. */
const EPOCH_2000 = 946_684_800;
const CCC_RECORD = 52;

/** Little-endian reads on top of ByteReader's big-endian ones. */
const le16 = (reader: ByteReader): number => reader.bytes(2).readUInt16LE();
const le32 = (reader: ByteReader): number => reader.bytes(4).readUInt32LE();
const sle32 = (reader: ByteReader): number => reader.bytes(4).readInt32LE();

/** CCC: buffered records of 52 bytes after protocol version, count and records left (reference/protocols.md §8). */
export const decodeCcc = (imei: string, frame: Buffer, dataStart: number, now: number): DecodedPosition[] => {
  const reader = new ByteReader(frame, dataStart + 8); // protocol version, record count, records left
  const positions: DecodedPosition[] = [];
  while (reader.remaining >= CCC_RECORD) {
    const position = newPosition('meitrack', imei, now);
    const event = reader.u8();
    position.attributes.event = event;
    addAlarm(position, meitrackAlarm(event));
    const latitude = sle32(reader) / 1e6;
    const longitude = sle32(reader) / 1e6;
    const time = (EPOCH_2000 + le32(reader)) * 1000;
    const valid = reader.u8() === 1;
    position.attributes.sat = reader.u8();
    const rssi = reader.u8();
    const speed = knotsFromKph(le16(reader));
    const course = le16(reader);
    position.attributes.hdop = le16(reader) * 0.1;
    setFix(position, { time, latitude, longitude, valid, speed, course, altitude: le16(reader) });
    position.attributes.odometer = le32(reader);
    position.attributes.runtime = le32(reader);
    const [mcc, mnc, lac, cid] = [le16(reader), le16(reader), le16(reader), le16(reader)];
    if (lac > 0) position.network = networkOf([cellTower(mcc, mnc, lac, cid, rssi)]);
    position.attributes.status = le16(reader);
    position.attributes.adc1 = le16(reader);
    position.attributes.battery = le16(reader) * 0.01;
    position.attributes.power = le16(reader);
    reader.skip(4); // geofence
    positions.push(position);
  }
  return positions;
};

/** A parameter ID: one byte, or two when the first is the 0xFE extension marker. */
const parameterId = (reader: ByteReader): number => (reader.peekU8() === 0xfe ? reader.u16() : reader.u8());

const decodeByteParameter = (position: DecodedPosition, id: number, value: number): void => {
  const keys: Record<number, string> = { 0x01: 'event', 0x06: 'sat', 0x07: 'rssi', 0x14: 'output', 0x15: 'input', 0x97: 'throttle', 0x9d: 'fuel', 0xfe69: 'batteryLevel' };
  if (id === 0x05) position.valid = value > 0;
  else if (id === 0x47) position.attributes.lock = value > 0;
  else if (keys[id]) position.attributes[keys[id]] = value;
  if (id === 0x01) addAlarm(position, meitrackAlarm(value));
};

const decodeWordParameter = (position: DecodedPosition, id: number, reader: ByteReader): void => {
  const raw = reader.bytes(2);
  const value = raw.readUInt16LE();
  if (id === 0x08) position.speed = knotsFromKph(value);
  else if (id === 0x09) position.course = value;
  else if (id === 0x0a) position.attributes.hdop = value;
  else if (id === 0x0b) position.altitude = raw.readInt16LE();
  else if (id === 0x16) position.attributes.adc1 = value * 0.01;
  else if (id === 0x19) position.attributes.battery = value * 0.01;
  else if (id === 0x1a) position.attributes.power = value * 0.01;
  else if (id === 0x40) position.attributes.event = value;
  else if (id === 0x99) position.attributes.rpm = value;
  else if (id === 0x9f) position.attributes.temp1 = value;
};

/** One CCE record (after its length): index, then the four parameter groups. */
const decodeCceRecord = (position: DecodedPosition, reader: ByteReader): DecodedPosition => {
  reader.skip(2); // index
  for (let n = reader.u8(); n > 0; n--) decodeByteParameter(position, parameterId(reader), reader.u8());
  for (let n = reader.u8(); n > 0; n--) decodeWordParameter(position, parameterId(reader), reader);
  let latitude: number | undefined;
  let longitude: number | undefined;
  let time: number | undefined;
  for (let n = reader.u8(); n > 0; n--) {
    const id = parameterId(reader);
    const raw = reader.bytes(4);
    if (id === 0x02) latitude = raw.readInt32LE() / 1e6;
    else if (id === 0x03) longitude = raw.readInt32LE() / 1e6;
    else if (id === 0x04) time = (EPOCH_2000 + raw.readUInt32LE()) * 1000;
    else if (id === 0x0c || id === 0x9b) position.attributes.odometer = raw.readUInt32LE();
    else if (id === 0x0d) position.attributes.runtime = raw.readUInt32LE();
  }
  // some firmware sizes the last values past the record: stop there rather than drop the record
  for (let n = reader.remaining > 0 ? reader.u8() : 0; n > 0 && reader.remaining >= 2; n--) {
    const id = parameterId(reader);
    const length = reader.u8();
    if (length > reader.remaining) break;
    decodeVariableParameter(position, id, reader.bytes(length));
  }
  if (latitude !== undefined && longitude !== undefined && time !== undefined) {
    const { valid, speed, course, altitude } = position;
    setFix(position, { time, latitude, longitude, valid, speed, course, altitude });
  } else if (time !== undefined) {
    position.deviceTime = position.fixTime = time;
  }
  return position;
};

/** CCE: records of tagged parameters in four groups (1-, 2-, 4-byte and length-prefixed values). */
export const decodeCce = (imei: string, frame: Buffer, dataStart: number, now: number): DecodedPosition[] => {
  const reader = new ByteReader(frame, dataStart);
  reader.skip(4); // records left in the device's cache
  const count = le16(reader);
  const positions: DecodedPosition[] = [];
  for (let i = 0; i < count; i++) {
    const position = newPosition('meitrack', imei, now);
    const length = le16(reader);
    positions.push(decodeCceRecord(position, new ByteReader(frame, reader.position, Math.min(frame.length, reader.position + length))));
    reader.skip(length);
  }
  return positions;
};
