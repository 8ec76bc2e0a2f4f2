import type { DecodedPosition } from '../decoded-position.js';
import { cellTower, knotsFromKph, networkOf, newPosition, setFix, utc } from '../position-builder.js';

/** HDOP, speed, azimuth, altitude, longitude, latitude, fix time, MCC, MNC, LAC, cell ID. */
export const BLOCK_SIZE = 11;

const TIME = /^\d{14}$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** `yyyyMMddHHmmss`, UTC. */
export const queclinkTime = (text: string): number =>
  utc(Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8)), Number(text.slice(8, 10)), Number(text.slice(10, 12)), Number(text.slice(12, 14)));

const optional = (value: string | undefined, max: number): boolean => value === '' || (value !== undefined && DECIMAL.test(value) && Math.abs(Number(value)) <= max);

/** Whether a location block starts at `index`: every field in range, and a 14-digit fix time in its place. */
const isBlock = (fields: string[], index: number): boolean => {
  const f = (offset: number) => fields[index + offset];
  if (!TIME.test(f(6) ?? '') || !Number.isFinite(queclinkTime(f(6)!))) return false;
  if (!DECIMAL.test(f(4) ?? '') || !DECIMAL.test(f(5) ?? '')) return false;
  return Math.abs(Number(f(4))) <= 180 && Math.abs(Number(f(5))) <= 90 && optional(f(0), 99) && optional(f(1), 1600) && optional(f(2), 360) && optional(f(3), 18000);
};

/**
 * Start indexes of the location blocks. The fields before them vary by model and firmware, so the
 * blocks are found by their shape rather than counted from the front.
 */
export const findBlocks = (fields: string[], from: number): number[] => {
  const starts: number[] = [];
  for (let index = from; index + 6 < fields.length; index++) {
    if (isBlock(fields, index)) {
      starts.push(index);
      index += BLOCK_SIZE - 1;
    }
  }
  return starts;
};

/** One position from the block at `index`. */
export const decodeBlock = (uniqueId: string, fields: string[], index: number, now: number): DecodedPosition => {
  const f = (offset: number) => fields[index + offset] ?? '';
  const position = newPosition('gl200', uniqueId, now);
  const hdop = Number(f(0) || 0);
  setFix(position, {
    time: queclinkTime(f(6)),
    latitude: Number(f(5)),
    longitude: Number(f(4)),
    valid: hdop > 0,
    speed: knotsFromKph(Number(f(1) || 0)),
    course: Number(f(2) || 0),
    altitude: Number(f(3) || 0),
  });
  if (f(0) !== '') position.attributes.hdop = hdop;
  const [mcc, mnc, lac, cid] = [Number(f(7)), Number(f(8)), Number.parseInt(f(9), 16), Number.parseInt(f(10), 16)];
  if (lac > 0 && lac <= 0xffff && cid >= 0 && mcc <= 999 && mnc <= 999) position.network = networkOf([cellTower(mcc, mnc, lac, cid)]);
  return position;
};
