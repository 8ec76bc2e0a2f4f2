import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, cellTower, networkOf, newPosition, setFix, utc } from '../position-builder.js';
import { bcd, ByteReader } from '../transport/byte-reader.js';
import { bit, newScope, runItem, set, walkItems, type ItemDecoder } from './jt808-item-scope.js';
import { STANDARD_ITEMS } from './jt808-items.decoder.js';

export const MSG_LOCK_LOCATION = 0x5501;
export const MSG_LOCK_LOCATION_BLIND = 0x5502;

/** `dddmm.mmmm` packed as decimal digits (minutes to four places). */
const degrees = (digits: string): number => {
  const raw = Number(digits);
  const whole = Math.floor(raw / 1e6);
  return whole + (raw % 1e6) / 10000 / 60;
};

/** JT600-style fix: BCD `DDMMYY hhmmss` (UTC), latitude 8 digits, longitude 9, then the flags nibble. */
const decodeFix = (position: DecodedPosition, reader: ByteReader, blind: boolean): void => {
  const t = bcd(reader.bytes(6));
  const n = (from: number) => Number(t.slice(from, from + 2));
  const time = utc(n(4), n(2), n(0), n(6), n(8), n(10));
  const latitude = degrees(bcd(reader.bytes(4)));
  const packed = bcd(reader.bytes(5));
  const longitude = degrees(packed.slice(0, 9));
  const flags = Number.parseInt(packed[9]!, 16);
  const speed = Number(bcd(reader.bytes(1)));
  const course = reader.u8() * 2;
  setFix(position, {
    time,
    latitude: bit(flags, 1) ? latitude : -latitude,
    longitude: bit(flags, 2) ? longitude : -longitude,
    // the blind-area report replays stored fixes; Traccar marks them invalid
    valid: !blind,
    speed: Number.isFinite(speed) ? speed : 0,
    course,
  });
};

const PRODUCT_ALARMS: Record<number, [number, string][]> = {
  1: [[0, Alarm.lowPower]],
  2: [[0, Alarm.lowPower]],
  3: [[0, Alarm.overspeed], [1, Alarm.lowPower], [2, Alarm.vibration], [3, Alarm.lowBattery], [5, Alarm.geofenceEnter], [6, Alarm.geofenceExit]],
};

const LOCK_ITEMS: Record<number, ItemDecoder> = {
  0x02: (v, s) => {
    s.position.altitude = v.i16();
  },
  0x0b: STANDARD_ITEMS[0x0b]!,
  0x10: (v, s) => set(s, 'wakeSource', v.u8()),
  0x0c: (v, s) => {
    // two's complement here, unlike the sign-and-magnitude temperatures
    const axis = () => {
      const value = v.u16();
      return value > 0x8000 ? value - 0x10000 : value;
    };
    set(s, 'tilt', `[${axis()},${axis()},${axis()}]`);
  },
  0xfc: (v, s) => set(s, 'geofence', v.u8()),
};

/** 0x5501 (live) and 0x5502 (blind area) of electronic padlocks. */
export const decodeLockLocation = (uniqueId: string, type: number, body: Buffer, now: number): DecodedPosition => {
  const reader = new ByteReader(body);
  const position = newPosition('jt808', uniqueId, now);
  decodeFix(position, reader, type === MSG_LOCK_LOCATION_BLIND);
  position.attributes.rssi = reader.u8();
  position.attributes.sat = reader.u8();
  position.attributes.odometer = reader.u32() * 1000;
  const battery = reader.u8();
  if (battery <= 100) position.attributes.batteryLevel = battery;
  else if (battery === 0xaa || battery === 0xab) position.attributes.charge = true;
  const cid = reader.u32();
  const lac = reader.u16();
  if (cid > 0 && cid <= 0xfffffff && lac > 0) position.network = networkOf([cellTower(0, 0, lac, cid)]);
  const product = reader.u8();
  const status = reader.u16();
  const alarm = reader.u16();
  if (product === 3) position.attributes.blocked = bit(status, 5);
  for (const [n, name] of PRODUCT_ALARMS[product] ?? []) if (bit(alarm, n)) addAlarm(position, name);
  position.attributes.status = status;
  const scope = newScope(position, undefined);
  walkItems(reader, (id, value) => {
    const decode = LOCK_ITEMS[id];
    if (decode) runItem(decode, value, scope);
  });
  return position;
};
