import type { DecodedPosition } from '../decoded-position.js';
import { newPosition, setFix } from '../position-builder.js';
import type { ByteReader } from '../transport/byte-reader.js';

/** Diagnostic trouble codes (command 9): per code a fix (time, longitude, latitude in 1e-7°), archive flag, 5-character code. */
export const decodeDtcs = (uniqueId: string, reader: ByteReader, now: number): DecodedPosition[] => {
  const positions: DecodedPosition[] = [];
  for (let count = reader.u8(); count > 0; count--) {
    const position = newPosition('ruptela', uniqueId, now);
    reader.u8(); // reserved
    const time = reader.u32() * 1000;
    const longitude = reader.i32() / 1e7;
    const latitude = reader.i32() / 1e7;
    setFix(position, { time, latitude, longitude, valid: true });
    if (reader.u8() === 2) position.attributes.archive = true;
    position.attributes.dtcs = reader.ascii(5);
    positions.push(position);
  }
  return positions;
};
