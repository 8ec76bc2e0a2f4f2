import type { DecodedPosition } from '../decoded-position.js';
import { knotsFromKph, newPosition, setFix } from '../position-builder.js';
import type { ByteReader } from '../transport/byte-reader.js';
import { applyIo } from './ruptela-io.js';

/** Both coordinates at this value: the record has no fix. */
const NO_FIX = -0x80000000;

/** Four IO groups of 1-, 2-, 4- and 8-byte values, each a count then (id, value) pairs. */
const decodeIo = (position: DecodedPosition, reader: ByteReader, extended: boolean): void => {
  for (const size of [1, 2, 4, 8]) {
    for (let count = reader.u8(); count > 0; count--) {
      const id = extended ? reader.u16() : reader.u8();
      const raw = reader.bytes(size);
      applyIo(position, id, size === 8 ? Number(raw.readBigUInt64BE()) : raw.readUIntBE(0, size), raw);
    }
  }
};

/**
 * Command 1 records, or command 68 extended ones (2-byte event and IO ids, and a record extension
 * whose high nibble counts the parts of a merged record and low nibble numbers this part).
 */
export const decodeRecords = (uniqueId: string, reader: ByteReader, extended: boolean, now: number): DecodedPosition[] => {
  reader.skip(1); // records left
  const count = reader.u8();
  const positions: DecodedPosition[] = [];
  let merging: DecodedPosition | undefined;
  for (let i = 0; i < count; i++) {
    const time = reader.u32() * 1000;
    reader.skip(1); // timestamp extension
    const parts = extended ? reader.u8() : 0;
    reader.skip(1); // priority
    const position = merging ?? newPosition('ruptela', uniqueId, now);
    const longitude = reader.i32();
    const latitude = reader.i32();
    const altitude = reader.u16() / 10;
    const course = reader.u16() / 100;
    const satellites = reader.u8();
    const speed = knotsFromKph(reader.u16());
    const hdop = reader.u8() / 10;
    const event = extended ? reader.u16() : reader.u8();
    if (!merging) {
      if (longitude === NO_FIX && latitude === NO_FIX) position.deviceTime = position.fixTime = time;
      else setFix(position, { time, latitude: latitude / 1e7, longitude: longitude / 1e7, valid: true, speed, course, altitude });
      Object.assign(position.attributes, { sat: satellites, hdop, event });
    }
    decodeIo(position, reader, extended);
    const total = parts >> 4;
    const index = parts & 0x0f;
    merging = total > 1 && index < total - 1 ? position : undefined;
    if (!merging) positions.push(position);
  }
  if (merging) positions.push(merging);
  return positions;
};
