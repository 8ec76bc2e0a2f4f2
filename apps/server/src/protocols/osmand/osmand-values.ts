/** Thrown for malformed input; `decodeOsmAnd` turns it into an `invalid` result. */
export class OsmAndFormatError extends Error {}

/** Plain decimal notation only, so `0x1F` or `0b101` are not mistaken for numbers. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const asNumber = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
};

export const parseNumber = (name: string, value: string): number => {
  const number = asNumber(value);
  if (number === undefined) throw new OsmAndFormatError(`${name} must be a number`);
  return number;
};

export const checkCoordinates = (latitude: number, longitude: number): void => {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) throw new OsmAndFormatError('latitude must be between -90 and 90');
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) throw new OsmAndFormatError('longitude must be between -180 and 180');
};

/** Free attribute values: a number when the text is one, then `true`/`false` as booleans, else the text itself. */
export const attributeValue = (value: string): number | boolean | string => {
  const number = asNumber(value);
  if (number !== undefined) return number;
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
};

/** Query-form flags (`valid`, `charge`): `true` or `1`. */
export const isTrue = (value: string): boolean => value === 'true' || value === '1';
