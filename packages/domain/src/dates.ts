const formatSlowly = (epochMillis: number): string => new Date(epochMillis).toISOString().replace('Z', '+00:00');

/** The last four-digit year's final millisecond; beyond it ISO strings grow a sign and six digits. */
const LAST_PLAIN_YEAR_MILLIS = 253_402_300_799_999;
const SECOND_SLOTS = 16;
const slotSeconds = new Float64Array(SECOND_SLOTS).fill(Number.NaN);
const slotPrefixes: string[] = new Array<string>(SECOND_SLOTS).fill('');
const millisText = (millis: number): string => (millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : String(millis));
const TEXT_SLOTS = 64;
const slotMillis = new Float64Array(TEXT_SLOTS).fill(Number.NaN);
const slotTexts: string[] = new Array<string>(TEXT_SLOTS).fill('');

/**
 * Traccar's wire format for instants: ISO-8601 in UTC with milliseconds and a colon offset.
 * Ingest formats several instants per position, nearly all within the same few seconds, so the
 * "YYYY-MM-DDTHH:MM:SS." part is kept per second (a small direct-mapped cache). Whole texts are
 * kept per millisecond too: tens of messages arrive within one, and trackers' fixes fall on whole
 * seconds, so many devices keep the same text as their latest instead of a copy each until their
 * next report (each copy two strings that every scavenge until then moves).
 */
export const formatInstant = (epochMillis: number): string => {
  if (!(epochMillis >= 0 && epochMillis <= LAST_PLAIN_YEAR_MILLIS) || !Number.isInteger(epochMillis)) return formatSlowly(epochMillis);
  const textSlot = epochMillis % TEXT_SLOTS;
  if (slotMillis[textSlot] === epochMillis) return slotTexts[textSlot]!;
  const second = Math.floor(epochMillis / 1000);
  const slot = second % SECOND_SLOTS;
  if (slotSeconds[slot] !== second) {
    slotSeconds[slot] = second;
    slotPrefixes[slot] = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const text = `${slotPrefixes[slot]}${millisText(epochMillis - second * 1000)}+00:00`;
  slotMillis[textSlot] = epochMillis;
  slotTexts[textSlot] = text;
  return text;
};

const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

/** Strict parse for query parameters and form fields: an offset or `Z` is mandatory. */
export const parseZonedInstant = (text: string): number | undefined => {
  if (!ZONED_ISO.test(text)) return undefined;
  const millis = Date.parse(text);
  return Number.isNaN(millis) ? undefined : millis;
};

/**
 * Lenient parse for dates inside JSON bodies: zoned ISO, ISO without offset (taken as UTC),
 * a date alone, or epoch milliseconds.
 */
export const parseLenientInstant = (value: string | number): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (ZONED_ISO.test(value)) return parseZonedInstant(value);
  if (LOCAL_ISO.test(value)) return parseZonedInstant(`${value}Z`);
  if (DATE_ONLY.test(value)) return parseZonedInstant(`${value}T00:00:00Z`);
  return undefined;
};
