import { formatInstant } from '@tracklane/domain';
import type { Selectable } from 'kysely';
import type { PositionRow } from './database-schema.js';

export type StoredPositionRow = Selectable<PositionRow>;

const DAY = 86_400_000;
/** Years 0000–9999 have the plain four-digit ISO form. */
const PLAIN_FROM = -62_167_219_200_000; // 0000-01-01T00:00:00Z
const PLAIN_UNTIL = Date.UTC(10_000, 0, 1);
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

let cachedDay = Number.NaN;
let cachedDate = '';

/**
 * formatInstant for long runs of positions: the date part is remembered for the day, the time
 * written from a table of digits. Same text as formatInstant (position-json.test.ts).
 */
export const formatInstantQuickly = (millis: number): string => {
  if (!(millis >= PLAIN_FROM && millis < PLAIN_UNTIL) || !Number.isInteger(millis)) return formatInstant(millis);
  const day = Math.floor(millis / DAY);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDate = new Date(day * DAY).toISOString().slice(0, 11);
  }
  let rest = millis - day * DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${cachedDate}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest - seconds * 1000]}+00:00`;
};

/**
 * A number's JSON text, by JSON.stringify rather than String() or a template literal: those go
 * through V8's number-to-string cache, which kept the text of every coordinate, speed and id until
 * a scavenge had promoted it (about 30 bytes a position reached the old generation; with random
 * coordinates JSON.stringify is also the quicker, 1.6-1.9 against 2.0-2.6 µs a position).
 */
const numberText = (value: number): string => JSON.stringify(value);
const string = (value: string | null): string => (value == null ? 'null' : JSON.stringify(value));
const number = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? numberText(value) : value == null ? '0' : JSON.stringify(Number(value)));
const date = (value: unknown): string => (value == null ? 'null' : `"${formatInstantQuickly(Number(value))}"`);

/**
 * A stored position row straight to its API JSON text, without building the object: attributes,
 * network and geofenceIds are stored as JSON already and are copied as they are. The value equals
 * `JSON.stringify(codecs.position.fromRow(row))` (position-json.test.ts checks it); long route
 * reports use it because it avoids a parse and a stringify per position. One argument only, so
 * that `rows.map(positionJson)` cannot pass an index for anything.
 */
export const positionJson = (row: StoredPositionRow): string => positionJsonWithId(row, Number(row.id));

/** The same for a row written without its id: the live update of a position just stored, whose row already has the attributes' text. */
export const positionJsonWithId = (row: StoredPositionRow, id: number): string =>
  `{"id":${numberText(id)},"attributes":${row.attributes || '{}'},"deviceId":${numberText(Number(row.deviceId))},"protocol":${string(row.protocol)},` +
  `"serverTime":${date(row.serverTime)},"deviceTime":${date(row.deviceTime)},"fixTime":${date(row.fixTime)},"valid":${Number(row.valid) ? 'true' : 'false'},` +
  `"latitude":${number(row.latitude)},"longitude":${number(row.longitude)},"altitude":${number(row.altitude)},"speed":${number(row.speed)},` +
  `"course":${number(row.course)},"address":${string(row.address)},"accuracy":${number(row.accuracy)},"network":${row.network ?? 'null'},` +
  `"geofenceIds":${row.geofenceIds ?? 'null'}}`;
