/** Traccar's wire format for instants: ISO-8601 in UTC with milliseconds and a colon offset. */
export const formatInstant = (epochMillis: number): string => new Date(epochMillis).toISOString().replace('Z', '+00:00');

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
