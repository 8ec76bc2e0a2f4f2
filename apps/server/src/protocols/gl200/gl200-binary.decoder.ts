import type { DecodedPosition } from '../decoded-position.js';
import { nothing, type DecodeResult } from '../protocol-definition.js';
import { newPosition, setTime } from '../position-builder.js';
import { ByteReader } from '../transport/byte-reader.js';
import { readBinaryFix, readBinaryTime } from './gl200-binary-fix.js';
import { decodeCompressed } from './gl200-compressed.decoder.js';

const RSP_LCB = 3;
const RSP_GEO = 8;
const RSP_COMPRESSED = 100;

/** Bytes an event carries between the satellites and its location, by event type. */
const EVENT_EXTRA: Record<number, number> = {
  6: 2, // BPL: backup battery voltage
  15: 3, // UPD: code, retry
  17: 4, // IDF: idling duration
  21: 5, // GSS: GPS signal state
  23: 1, // CRA: crash counter
  26: 12, // GES: geofence id, enable, mode, radius, interval
  31: 2, // GPJ: jamming value and state
  33: 1, // JDS: jamming state
  34: 3, // UPC: command id, result
  35: 1, // RMD: roaming state
  45: 7, // VGN: reserved, report type, ignition duration
  46: 7, // VGF
};

/** The IMEI as an 8-byte integer, zero-padded to 15 digits. */
const readImei = (reader: ByteReader): string => reader.u64().toString().padStart(15, '0');

interface Common {
  uniqueId: string;
  batteryLevel: number;
  power: number;
}

/** Type, report mask, length, device type, protocol and firmware versions, IMEI, battery %, supply mV. */
const readCommon = (reader: ByteReader, type: number): Common => {
  reader.skip(4 + 2 + 1 + 2 + 2); // mask, length, device type, protocol version, firmware version
  const uniqueId = readImei(reader);
  const batteryLevel = reader.u8();
  const power = reader.u16() / 1000;
  if (type === RSP_GEO) reader.skip(2);
  return { uniqueId, batteryLevel, power };
};

const withStatus = (position: DecodedPosition, common: Common, satellites: number, archive: boolean): DecodedPosition => {
  if (common.batteryLevel <= 100) position.attributes.batteryLevel = common.batteryLevel;
  position.attributes.power = common.power;
  position.attributes.sat = satellites;
  if (archive) position.attributes.archive = true;
  return position;
};

/** `+RSP`/`+BSP`: location reports, live or buffered, with one or more fixes. */
const decodeReport = (reader: ByteReader, archive: boolean, now: number): DecodeResult => {
  const type = reader.u8();
  const common = readCommon(reader, type);
  const satellites = reader.skip(1).u8(); // after the motion status
  if (type === RSP_COMPRESSED) {
    const positions = decodeCompressed(common.uniqueId, reader, now);
    return { identify: common.uniqueId, positions: positions.map((p) => withStatus(p, common, satellites, archive)), ack: [] };
  }
  reader.skip(1); // report index
  if (type === RSP_LCB) {
    reader.skip(1); // phone number length; the BCD number ends with an F nibble
    for (let b = reader.u8(); (b & 0x0f) !== 0x0f && (b & 0xf0) !== 0xf0; b = reader.u8());
  }
  const positions: DecodedPosition[] = [];
  for (let count = reader.u8(); count > 0; count--) {
    const position = withStatus(newPosition('gl200', common.uniqueId, now), common, satellites, archive);
    readBinaryFix(position, reader);
    positions.push(position);
  }
  return { identify: common.uniqueId, positions, ack: [] };
};

/** `+EVT`/`+BVT`: one event with the location it happened at. */
const decodeEvent = (reader: ByteReader, archive: boolean, now: number): DecodeResult => {
  const type = reader.u8();
  reader.skip(4 + 2 + 1 + 2); // mask, length, device type, protocol version
  const firmware = reader.u16();
  const uniqueId = readImei(reader);
  const common = { uniqueId, batteryLevel: reader.u8(), power: reader.u16() / 1000 };
  const satellites = reader.skip(1).u8();
  reader.skip((EVENT_EXTRA[type] ?? 0) + 1); // event fields, location count
  const position = withStatus(newPosition('gl200', uniqueId, now), common, satellites, archive);
  position.attributes.versionFw = String(firmware);
  readBinaryFix(position, reader);
  return { identify: uniqueId, positions: [position], ack: [] };
};

const INF_CSQ = 5;
const INF_VER = 6;
const INF_BAT = 7;
const INF_GIR = 10;

/** `+INF`: device information without a fix of its own, stamped with the time it was sent. */
const decodeInformation = (reader: ByteReader, now: number): DecodeResult => {
  const type = reader.u8();
  const uniqueId = readImei(reader.skip(4 + 2));
  const position = newPosition('gl200', uniqueId, now);
  position.attributes.versionFw = String(reader.skip(1 + 2).u16());
  if (type === INF_VER) reader.skip(6); // hardware, MCU, reserved
  position.attributes.sat = reader.skip(2).u8();
  reader.skip(1 + 7 + 2 + 2 + 2 + 2 + 4 + 1); // mode, last fix time, reserved, report mask, IGN and IGF intervals, reserved
  if (type === INF_BAT) {
    position.attributes.charge = reader.u8() !== 0;
    position.attributes.power = reader.u16() / 1000;
    position.attributes.battery = reader.u16() / 1000;
    const level = reader.u8();
    if (level <= 100) position.attributes.batteryLevel = level;
  }
  reader.skip(10); // ICCID
  if (type === INF_CSQ) {
    position.attributes.rssi = reader.u8();
    reader.skip(1); // bit error rate
  }
  reader.skip(3); // time zone
  if (type === INF_GIR) reader.skip(2 + 8 + 2);
  return { identify: uniqueId, positions: [setTime(position, readBinaryTime(reader))], ack: [] };
};

/** One binary frame, by its four-character header (reference/protocols.md §7, binary variant). */
export const decodeGl200Binary = (frame: Buffer, now: number): DecodeResult => {
  const reader = new ByteReader(frame, 4);
  switch (frame.toString('latin1', 0, 4)) {
    case '+RSP':
      return decodeReport(reader, false, now);
    case '+BSP':
      return decodeReport(reader, true, now);
    case '+EVT':
      return decodeEvent(reader, false, now);
    case '+BVT':
      return decodeEvent(reader, true, now);
    case '+INF':
      return decodeInformation(reader, now);
    default:
      return nothing();
  }
};
