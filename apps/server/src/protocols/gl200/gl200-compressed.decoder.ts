import type { DecodedPosition } from '../decoded-position.js';
import { knotsFromKph, newPosition, setFix } from '../position-builder.js';
import type { ByteReader } from '../transport/byte-reader.js';

/** Reads fields of any width, most significant bit first, from a few bytes. */
const bitsOf = (bytes: Buffer) => {
  let offset = 0;
  const unsigned = (width: number): number => {
    let value = 0;
    for (let i = 0; i < width; i++, offset++) value = value * 2 + ((bytes[offset >> 3]! >> (7 - (offset & 7))) & 1);
    return value;
  };
  const signed = (width: number): number => {
    const value = unsigned(width);
    return value >= 2 ** (width - 1) ? value - 2 ** width : value;
  };
  return { unsigned, signed };
};

interface Track {
  speed: number;
  heading: number;
  latitude: number;
  longitude: number;
  time: number;
}

/**
 * Compressed report (+RSP type 100): each point is either absolute (a 3-byte header, coordinates and,
 * for the first, the epoch second) or a 5-byte delta of the previous one; points are a second apart.
 */
export const decodeCompressed = (uniqueId: string, reader: ByteReader, now: number): DecodedPosition[] => {
  const count = reader.u16();
  const track: Track = { speed: 0, heading: 0, latitude: 0, longitude: 0, time: 0 };
  const positions: DecodedPosition[] = [];
  for (let i = 0; i < count; i++) {
    if (track.time > 0) track.time += 1;
    const kind = reader.peekU8() >> 6;
    if (kind === 1) {
      const bits = bitsOf(reader.bytes(3));
      bits.unsigned(3); // point attribute, fix type
      track.speed = bits.unsigned(12);
      track.heading = bits.unsigned(9);
      track.longitude = reader.i32();
      track.latitude = reader.i32();
      if (track.time === 0) track.time = reader.u32();
    } else if (kind === 2) {
      const bits = bitsOf(reader.bytes(5));
      bits.unsigned(3);
      track.speed += bits.signed(7);
      track.heading += bits.signed(7);
      track.longitude += bits.signed(12);
      track.latitude += bits.signed(11);
    } else {
      reader.skip(1); // an invalid point, or the same as the last
      continue;
    }
    const position = newPosition('gl200', uniqueId, now);
    setFix(position, {
      time: track.time * 1000,
      latitude: track.latitude / 1e6,
      longitude: track.longitude / 1e6,
      valid: true,
      speed: knotsFromKph(Math.max(0, track.speed) / 10),
      course: ((track.heading % 360) + 360) % 360,
    });
    positions.push(position);
  }
  return positions;
};
