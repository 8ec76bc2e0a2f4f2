import type { DecodedPosition } from '../decoded-position.js';
import { newPosition, setFix, utc } from '../position-builder.js';
import { ByteReader } from '../transport/byte-reader.js';

/**
 * "Zip" report (`0x02`, length, ID as 5 BCD bytes, a 4-byte report map, then fixed fields):
 * date and time YY MM DD hh mm ss, a 3-byte cell, latitude and longitude as signed 1e-7 degrees.
 * Only these leading fields are read; the counters and I/O after them are not documented.
 */
export const decodeZip = (frame: Buffer, now: number): DecodedPosition => {
  const reader = new ByteReader(frame, 3);
  const position = newPosition('suntech', reader.hex(5), now);
  reader.skip(4); // report map
  const time = utc(reader.u8(), reader.u8(), reader.u8(), reader.u8(), reader.u8(), reader.u8());
  reader.skip(3); // cell
  const latitude = reader.i32() / 1e7;
  const longitude = reader.i32() / 1e7;
  return setFix(position, { time, latitude, longitude, valid: true });
};
