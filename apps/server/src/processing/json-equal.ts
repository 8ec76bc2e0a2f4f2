type JsonRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

const sameArrays = (a: unknown[], b: unknown[]): boolean => {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (!jsonEqual(a[index], b[index])) return false;
  return true;
};

const sameRecords = (a: JsonRecord, b: JsonRecord): boolean => {
  let keys = 0;
  for (const key in a) {
    if (!Object.hasOwn(b, key) || !jsonEqual(a[key], b[key])) return false;
    keys++;
  }
  for (const key in b) if (Object.hasOwn(b, key)) keys--;
  return keys === 0;
};

/**
 * Whether two JSON-like values (numbers, strings, booleans, null, arrays and plain objects of them)
 * are equal, the same keys with equal values; NaN equals nothing. Allocates nothing: it runs for each
 * position with a network (is it the last position's?), where a general deep equality made arrays
 * of keys and was a twentieth of what the ingest allocated.
 */
export const jsonEqual = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && sameArrays(a, b);
  return isRecord(a) && isRecord(b) && sameRecords(a, b);
};
