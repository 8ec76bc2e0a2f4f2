import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, knotsFromKph, newPosition, setFix, utc } from '../position-builder.js';
import { bcd, ByteReader } from '../transport/byte-reader.js';

/** Device clocks run on China Standard Time unless configured otherwise. */
const DEVICE_OFFSET_MS = 8 * 3600_000;

/** Alarm flag bits of generic models (reference/protocols.md §10). */
const ALARM_BITS: [number, string][] = [
  [0, Alarm.sos],
  [1, Alarm.overspeed],
  [2, 'fatigueDriving'],
  [4, Alarm.fault],
  [5, 'gpsAntennaCut'],
  [6, 'gpsAntennaCut'],
  [7, Alarm.lowBattery],
  [8, Alarm.powerOff],
  [9, Alarm.fault],
  [10, Alarm.fault],
  [11, Alarm.fault],
  [15, Alarm.vibration],
  [16, Alarm.tampering],
  [17, Alarm.tampering],
  [18, Alarm.lowBattery],
  [19, 'parking'],
  [20, Alarm.geofence],
  [26, Alarm.general],
  [28, Alarm.movement],
  [29, Alarm.accident],
  [30, Alarm.accident],
];

const bit = (value: number, n: number): boolean => Math.floor(value / 2 ** n) % 2 === 1;

/** Additional items `[id][length][value]`; unknown ids are skipped by their length. */
const decodeItems = (position: DecodedPosition, reader: ByteReader): void => {
  while (reader.remaining >= 2) {
    const id = reader.u8();
    const length = reader.u8();
    if (length > reader.remaining) return;
    const value = new ByteReader(reader.bytes(length));
    const uint = () => (length >= 4 ? value.u32() : length === 2 ? value.u16() : length === 1 ? value.u8() : Number.NaN);
    switch (id) {
      case 0x01:
        position.attributes.odometer = uint() * 100;
        break;
      case 0x02:
        position.attributes.fuel = uint() / 10;
        break;
      case 0x25:
        position.attributes.input = uint();
        break;
      case 0x30:
        position.attributes.rssi = uint();
        break;
      case 0x31:
        position.attributes.sat = uint();
        break;
      case 0x56:
        if (length >= 1) position.attributes.batteryLevel = Math.min(100, value.u8() * 10);
        break;
      default:
        break;
    }
  }
};

/** Location body (0x0200 and each item of 0x0704): alarms, status, coordinates, time (GMT+8), then items. */
export const decodeLocation = (uniqueId: string, body: Buffer, now: number): DecodedPosition => {
  const reader = new ByteReader(body);
  const position = newPosition('jt808', uniqueId, now);
  const alarms = reader.u32();
  const status = reader.u32();
  for (const [n, alarm] of ALARM_BITS) if (bit(alarms, n)) addAlarm(position, alarm);
  let latitude = reader.u32() / 1e6;
  let longitude = reader.u32() / 1e6;
  if (bit(status, 2)) latitude = -latitude;
  if (bit(status, 3)) longitude = -longitude;
  const altitude = reader.i16();
  const speed = knotsFromKph(reader.u16() / 10);
  const course = reader.u16();
  const t = bcd(reader.bytes(6));
  const n = (from: number) => Number(t.slice(from, from + 2));
  const local = utc(n(0), n(2), n(4), n(6), n(8), n(10));
  setFix(position, { time: Number.isFinite(local) ? local - DEVICE_OFFSET_MS : now, latitude, longitude, valid: bit(status, 1), speed, course, altitude });
  position.attributes.ignition = bit(status, 0);
  if (bit(status, 10)) position.attributes.blocked = true;
  if (bit(status, 26)) position.attributes.charge = true;
  position.attributes.status = status;
  decodeItems(position, reader);
  return position;
};
