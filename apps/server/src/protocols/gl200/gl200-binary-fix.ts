import type { DecodedPosition } from '../decoded-position.js';
import { cellTower, knotsFromKph, networkOf, setFix, utc } from '../position-builder.js';
import type { ByteReader } from '../transport/byte-reader.js';

/** Year (2 bytes), month, day, hour, minute, second, UTC. */
export const readBinaryTime = (reader: ByteReader): number => {
  const year = reader.u16();
  const [month, day, hour, minute, second] = [reader.u8(), reader.u8(), reader.u8(), reader.u8(), reader.u8()];
  return utc(year, month, day, hour, minute, second);
};

/** MCC and MNC are sent as hex digits of the decimal code (`0268` is Portugal's 268). */
const decimalCode = (value: number): number => (/^\d+$/.test(value.toString(16)) ? Number(value.toString(16)) : Number.NaN);

/**
 * One binary location block: HDOP, speed (3 bytes, 0.1 km/h), azimuth, altitude, longitude and
 * latitude (millionths), fix time, serving cell, a reserved byte.
 */
export const readBinaryFix = (position: DecodedPosition, reader: ByteReader): void => {
  const hdop = reader.u8();
  const speed = knotsFromKph(reader.u24() / 10);
  const course = reader.u16();
  const altitude = reader.i16();
  const longitude = reader.i32() / 1e6;
  const latitude = reader.i32() / 1e6;
  const time = readBinaryTime(reader);
  setFix(position, { time, latitude, longitude, valid: hdop > 0, speed, course, altitude });
  position.attributes.hdop = hdop;
  const [mcc, mnc, lac, cid] = [decimalCode(reader.u16()), decimalCode(reader.u16()), reader.u16(), reader.u16()];
  if (mcc >= 0 && mcc <= 999 && mnc >= 0 && mnc <= 999 && lac > 0) position.network = networkOf([cellTower(mcc, mnc, lac, cid)]);
  reader.skip(1);
};
