import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryArray, elementTypeOf } from '../../src/storage/postgres-binary-arrays.js';

const url = process.env.TEST_DATABASE_URL;

describe('elementTypeOf', () => {
  it('maps the column types the ingest writes and refuses the others', () => {
    expect(['bigint', 'smallint', 'integer', 'double precision', 'text', 'character varying(128)'].map(elementTypeOf)).toEqual(['int8', 'int2', 'int4', 'float8', 'text', 'text']);
    expect(elementTypeOf('jsonb')).toBeUndefined();
  });
});

describe('binaryArray', () => {
  it('refuses a value of another type than its elements', () => {
    expect(() => binaryArray('float8', [1, 'two'])).toThrow(/expected a number/);
    expect(() => binaryArray('text', ['one', 2])).toThrow(/expected text/);
    expect(() => binaryArray('int4', [1.5])).toThrow(/expected an integer/);
    expect(() => binaryArray('int8', [2 ** 53])).toThrow(/expected an integer/);
  });
});

// What PostgreSQL itself reads from the bytes is the only judge of the format
if (url) describe('binaryArray read by PostgreSQL', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(() => client.end());

  const roundTrip = async (type: string, values: unknown[]) => {
    const { rows } = await client.query<{ value: unknown }>(`select unnest($1::${type}[]) as value`, [binaryArray(type as never, values)]);
    return rows.map((row) => row.value);
  };

  it('keeps 64-bit integers exact, negative ones and nulls included', async () => {
    expect(await roundTrip('int8', [0, -1, 2 ** 32, -(2 ** 40) - 7, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, null])).toEqual(
      ['0', '-1', '4294967296', '-1099511627783', '9007199254740991', '-9007199254740991', null],
    );
  });

  it('keeps small integers, doubles and their special values', async () => {
    expect(await roundTrip('int2', [1, -32768, 32767, undefined])).toEqual([1, -32768, 32767, null]);
    expect(await roundTrip('int4', [-2147483648, 2147483647])).toEqual([-2147483648, 2147483647]);
    expect(await roundTrip('float8', [52.520008, -0.5, 1e-300, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])).toEqual(
      [52.520008, -0.5, 1e-300, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
    );
  });

  it('keeps text of every plane, an empty string and a null apart, and an empty array', async () => {
    expect(await roundTrip('text', ['', null, 'Ringstraße', 'नई दिल्ली', '🚚 "quoted", {braced}\\'])).toEqual(['', null, 'Ringstraße', 'नई दिल्ली', '🚚 "quoted", {braced}\\']);
    expect(await roundTrip('text', [])).toEqual([]);
  });
});
