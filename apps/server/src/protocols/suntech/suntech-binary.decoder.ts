import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, knotsFromKph, newPosition, setFix, utc } from '../position-builder.js';
import { ByteReader } from '../transport/byte-reader.js';
import { alertAlarm } from './suntech-alarms.js';

const bit = (mask: number, n: number): boolean => Math.floor(mask / 2 ** n) % 2 === 1;

/** Sign-magnitude microdegrees: bit 31 is the sign. */
const coordinate = (value: number): number => (value >= 0x80000000 ? -(value - 0x80000000) : value) / 1_000_000;

/** The alert that carries an 8-byte driver ID in its data field. */
const DRIVER_ALERT = 59;

/** Universal binary `0x81` (status) / `0x82` (alert): length, 5 BCD bytes of ID, a 3-byte field mask, the masked fields. */
export const decodeBinary = (frame: Buffer, now: number): DecodedPosition => {
  const reader = new ByteReader(frame);
  const type = reader.u8();
  reader.skip(2); // length
  const position = newPosition('suntech', reader.hex(5), now);
  const mask = reader.u24();
  if (bit(mask, 1)) reader.skip(1); // model
  if (bit(mask, 2)) position.attributes.versionFw = `${reader.u8()}.${reader.u8()}.${reader.u8()}`;
  if (bit(mask, 3) && reader.u8() === 0) position.attributes.archive = true;
  let time = now;
  if (bit(mask, 4) && bit(mask, 5)) time = utc(reader.u8(), reader.u8(), reader.u8(), reader.u8(), reader.u8(), reader.u8());
  reader.skip((bit(mask, 6) ? 4 : 0) + (bit(mask, 7) ? 2 : 0) + (bit(mask, 8) ? 2 : 0) + (bit(mask, 9) ? 2 : 0)); // cell, MCC, MNC, LAC
  if (bit(mask, 10)) position.attributes.rssi = reader.u8();
  const latitude = bit(mask, 11) ? coordinate(reader.u32()) : 0;
  const longitude = bit(mask, 12) ? coordinate(reader.u32()) : 0;
  const speed = bit(mask, 13) ? knotsFromKph(reader.u16() / 100) : 0;
  const course = bit(mask, 14) ? reader.u16() / 100 : 0;
  if (bit(mask, 15)) position.attributes.sat = reader.u8();
  const valid = bit(mask, 16) ? reader.u8() > 0 : false;
  setFix(position, { time, latitude, longitude, valid, speed, course });
  if (bit(mask, 17)) {
    const input = reader.u8();
    position.attributes.ignition = input % 2 === 1;
    position.attributes.input = input;
  }
  if (bit(mask, 18)) position.attributes.output = reader.u8();
  let alertId = 0;
  if (bit(mask, 19)) {
    alertId = reader.u8();
    if (type === 0x82) addAlarm(position, alertAlarm(alertId));
  }
  if (bit(mask, 20)) reader.skip(2); // alert modifier
  if (bit(mask, 21) && alertId === DRIVER_ALERT) position.attributes.driverUniqueId = reader.hex(8);
  return position;
};
