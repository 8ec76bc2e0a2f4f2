/** Element types the ingest writes a column of as one array parameter. */
export type ArrayElementType = 'int2' | 'int4' | 'int8' | 'float8' | 'text';

const ELEMENT_OIDS: Record<ArrayElementType, number> = { int2: 21, int4: 23, int8: 20, float8: 701, text: 25 };
const NUMBER_WIDTHS = { int2: 2, int4: 4, int8: 8, float8: 8 } as const;

/** Dimensions, has-nulls flag, element type, then length and lower bound of the one dimension. */
const HEADER_BYTES = 20;
const NULL_LENGTH = -1;
/** UTF-8 takes at most three bytes per UTF-16 code unit. */
const MAX_UTF8_PER_UNIT = 3;
const TWO_TO_32 = 2 ** 32;

/** PostgreSQL's element type for a column's type as `format_type` names it; undefined for one the ingest cannot write. */
export const elementTypeOf = (columnType: string): ArrayElementType | undefined => {
  if (columnType === 'bigint') return 'int8';
  if (columnType === 'smallint') return 'int2';
  if (columnType === 'integer') return 'int4';
  if (columnType === 'double precision') return 'float8';
  if (columnType === 'text' || columnType.startsWith('character varying')) return 'text';
  return undefined;
};

const upperBound = (type: ArrayElementType, values: readonly unknown[]): number => {
  if (type !== 'text') return HEADER_BYTES + values.length * (4 + NUMBER_WIDTHS[type]);
  let bytes = HEADER_BYTES + values.length * 4;
  for (const value of values) if (typeof value === 'string') bytes += value.length * MAX_UTF8_PER_UNIT;
  return bytes;
};

const writeElement = (buffer: Buffer, offset: number, type: ArrayElementType, value: unknown): number => {
  if (type === 'text') {
    if (typeof value !== 'string') throw new TypeError(`expected text, got ${typeof value}`);
    // lone surrogates become U+FFFD, as the pg driver's own UTF-8 encoding does
    const length = buffer.write(value, offset + 4, 'utf8');
    buffer.writeInt32BE(length, offset);
    return offset + 4 + length;
  }
  if (typeof value !== 'number') throw new TypeError(`expected a number, got ${typeof value}`);
  if (type !== 'float8' && !Number.isSafeInteger(value)) throw new TypeError(`expected an integer, got ${value}`);
  buffer.writeInt32BE(NUMBER_WIDTHS[type], offset);
  if (type === 'float8') buffer.writeDoubleBE(value, offset + 4);
  else if (type === 'int2') buffer.writeInt16BE(value, offset + 4);
  else if (type === 'int4') buffer.writeInt32BE(value, offset + 4);
  else {
    const high = Math.floor(value / TWO_TO_32);
    buffer.writeInt32BE(high, offset + 4);
    buffer.writeUInt32BE(value - high * TWO_TO_32, offset + 8);
  }
  return offset + 4 + NUMBER_WIDTHS[type];
};

/**
 * A one-dimensional array in PostgreSQL's binary format (what `array_recv` reads), for a parameter
 * the pg driver sends as binary because it is a Buffer: numbers go as their bytes, not as text
 * for PostgreSQL to parse, and strings need no quoting. `null` and `undefined` are NULL; NaN and
 * the infinities keep their meaning in float8. Throws a TypeError for a value of another type.
 */
export const binaryArray = (type: ArrayElementType, values: readonly unknown[]): Buffer => {
  const buffer = Buffer.allocUnsafe(upperBound(type, values));
  let hasNulls = 0;
  let offset = HEADER_BYTES;
  for (const value of values) {
    if (value == null) {
      hasNulls = 1;
      buffer.writeInt32BE(NULL_LENGTH, offset);
      offset += 4;
    } else offset = writeElement(buffer, offset, type, value);
  }
  buffer.writeInt32BE(1, 0);
  buffer.writeInt32BE(hasNulls, 4);
  buffer.writeInt32BE(ELEMENT_OIDS[type], 8);
  buffer.writeInt32BE(values.length, 12);
  buffer.writeInt32BE(1, 16);
  return buffer.subarray(0, offset);
};
