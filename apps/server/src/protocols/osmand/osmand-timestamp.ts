import { parseZonedInstant } from '@tracklane/domain';
import { OsmAndFormatError } from './osmand-values.js';

/** Digit strings below this are epoch seconds, from it on epoch milliseconds. */
const SECONDS_LIMIT = 2_147_483_647;
/** The range a JavaScript `Date` can hold; anything outside cannot be stored or shown. */
const MAX_EPOCH_MS = 8.64e15;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** `Date` silently rolls 30 February over to March; refuse such dates instead. */
const isRealDate = (text: string): boolean => {
  const fields = DATE_TIME.exec(text);
  if (!fields) return false;
  const [year, month, day, hour, minute, second = 0] = fields.slice(1).map((field) => (field === undefined ? 0 : Number(field))) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day
    && date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
};

const parseText = (text: string): number | undefined => {
  if (text.includes('T')) {
    // An unencoded `+02:00` offset arrives as ` 02:00` once the query is decoded; put the plus back.
    const iso = text.replace(/ (\d{2}:?\d{2})$/, '+$1');
    if (!isRealDate(iso)) return undefined;
    // ISO-8601; without an offset it is read as UTC.
    return parseZonedInstant(iso) ?? parseZonedInstant(`${iso}Z`);
  }
  // `yyyy-MM-dd HH:mm:ss`: Traccar reads it in the server's zone. We read it as UTC so the result
  // does not depend on where the server runs.
  if (!LOCAL_DATE_TIME.test(text) || !isRealDate(text)) return undefined;
  return parseZonedInstant(`${text.replace(' ', 'T')}Z`);
};

/**
 * The `timestamp` of both forms, as epoch milliseconds. Digits are seconds below 2^31 - 1 and
 * milliseconds from there on; text with a `T` is ISO-8601; other text is `yyyy-MM-dd HH:mm:ss`.
 * Empty means now.
 */
export const parseTimestamp = (value: string, now: number): number => {
  const text = value.trim();
  if (text === '') return now;
  let millis: number | undefined;
  if (/^\d+$/.test(text)) {
    const number = Number(text);
    millis = number < SECONDS_LIMIT ? number * 1000 : number;
  } else {
    millis = parseText(text);
  }
  if (millis === undefined || !(Math.abs(millis) <= MAX_EPOCH_MS)) throw new OsmAndFormatError(`timestamp "${text}" is not a valid date`);
  return millis;
};
