import { fixedOffset, type DeviceTimeZone } from '../device-time-zone.js';
import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, knotsFromKph, newPosition, setFix, utc } from '../position-builder.js';
import { bcd, ByteReader } from '../transport/byte-reader.js';
import { attachNetwork, bit, newScope, runItem, walkItems, type ItemScope } from './jt808-item-scope.js';
import { STANDARD_ITEMS } from './jt808-items.decoder.js';
import { decodeObdItems } from './jt808-obd.decoder.js';
import { VENDOR_ITEMS } from './jt808-vendor-items.decoder.js';

/** Device clocks run on China Standard Time unless configured otherwise (`decoder.timezone`). */
export const DEVICE_OFFSET_MS = 8 * 3600_000;
export const CHINA_STANDARD_TIME = fixedOffset(DEVICE_OFFSET_MS);

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

/** Padlocks and the AL300/GL100 trackers give the flag bits meanings of their own. */
const MODEL_ALARM_BITS: Record<string, [number, string][]> = {
  'G-360P': [[0, Alarm.removing], [4, Alarm.removing], [1, Alarm.tampering]],
  'G-508P': [[0, Alarm.removing], [4, Alarm.removing], [1, Alarm.tampering]],
  AL300: [[16, Alarm.movement]],
  GL100: [[16, Alarm.movement]],
};

const decodeAlarms = (position: DecodedPosition, model: string | undefined, alarms: number): void => {
  const bits = MODEL_ALARM_BITS[model ?? ''] ?? ALARM_BITS;
  for (const [n, alarm] of bits) {
    // the VL300 raises the collision bits for events that are not accidents
    if (alarm === Alarm.accident && model === 'VL300') continue;
    if (bit(alarms, n)) addAlarm(position, alarm);
  }
};

const decodeStatus = (position: DecodedPosition, model: string | undefined, status: number): void => {
  position.attributes.ignition = bit(status, 0);
  if (model === 'G1C Pro') position.attributes.motion = bit(status, 4);
  if (bit(status, 10)) position.attributes.blocked = true;
  if (model === 'MV810G' || model === 'MV710G') position.attributes.door = bit(status, 16);
  if (bit(status, 26)) position.attributes.charge = true;
  position.attributes.status = status;
};

/** BCD `YYMMDDhhmmss` in the device's zone. */
export const readDeviceTime = (reader: ByteReader, now: number, zone: DeviceTimeZone): number => {
  const t = bcd(reader.bytes(6));
  const n = (from: number) => Number(t.slice(from, from + 2));
  const local = utc(n(0), n(2), n(4), n(6), n(8), n(10));
  return Number.isFinite(local) ? zone.toUtc(local) : now;
};

/** Status word and coordinates as every location-bearing message lays them out. */
export const decodeCoordinates = (position: DecodedPosition, model: string | undefined, reader: ByteReader) => {
  const status = reader.u32();
  decodeStatus(position, model, status);
  const latitude = reader.u32() / 1e6;
  const longitude = reader.u32() / 1e6;
  return { valid: bit(status, 1), latitude: bit(status, 2) ? -latitude : latitude, longitude: bit(status, 3) ? -longitude : longitude };
};

const decodeAdditional = (reader: ByteReader, scope: ItemScope): void =>
  walkItems(reader, (id, value) => {
    // an `80` item opens the OBD block, which runs with its own ids to the end of the location
    if (id === 0x80) {
      decodeObdItems(reader, scope);
      return false;
    }
    const decode = STANDARD_ITEMS[id] ?? VENDOR_ITEMS[id];
    if (decode) runItem(decode, value, scope);
    return true;
  });

/** Location body (0x0200, 0x0704, 0x0210): alarms, status, coordinates, time in the device's zone, then items. */
export const decodeLocation = (uniqueId: string, body: Buffer, now: number, model: string | undefined, zone: DeviceTimeZone): DecodedPosition => {
  const reader = new ByteReader(body);
  const position = newPosition('jt808', uniqueId, now);
  decodeAlarms(position, model, reader.u32());
  const { valid, latitude, longitude } = decodeCoordinates(position, model, reader);
  const altitude = reader.i16();
  const speed = knotsFromKph(reader.u16() / 10);
  const course = reader.u16();
  setFix(position, { time: readDeviceTime(reader, now, zone), latitude, longitude, valid, speed, course, altitude });
  const scope = newScope(position, model);
  decodeAdditional(reader, scope);
  attachNetwork(scope);
  return position;
};
