/**
 * The values of the expression language and their JEXL semantics. Java's integral numbers are
 * `bigint` (so 7 / 2 is 3 and large counters stay exact), Java's doubles are `number`, Java's
 * `Date` is `Date`, lists are frozen arrays and maps are `Map`s. Plain JS objects never appear, so
 * nothing an expression touches has a prototype chain it could walk.
 */
export type JexlValue = null | boolean | string | bigint | number | Date | readonly JexlValue[] | ReadonlyMap<JexlValue, JexlValue> | ReadonlySet<JexlValue>;

/** Every failure of parsing or evaluation: the message is what the user sees. */
export class JexlError extends Error {
  override readonly name = 'JexlError';
}

/** Largest string an evaluation may build (concatenation, replace). */
export const MAX_STRING_LENGTH = 65_536;
/** Integers beyond this magnitude are refused instead of growing without bound. */
const MAX_INTEGER = 2n ** 256n;

/** Names no expression may use as a variable, property, method or map key: the ways out of a sandbox. */
const FORBIDDEN = new Set(['constructor', 'prototype', 'class', 'getClass', 'forName', 'getRuntime', 'exec']);
export const isForbiddenName = (name: string): boolean => FORBIDDEN.has(name) || name.startsWith('__');

export const isNumeric = (value: JexlValue): value is bigint | number => typeof value === 'bigint' || typeof value === 'number';

export const checkedInteger = (value: bigint): bigint => {
  if (value > MAX_INTEGER || value < -MAX_INTEGER) throw new JexlError('integer overflow');
  return value;
};

export const checkedString = (value: string): string => {
  if (value.length > MAX_STRING_LENGTH) throw new JexlError(`string longer than ${MAX_STRING_LENGTH} characters`);
  return value;
};

const INTEGER_TEXT = /^[+-]?\d+$/;
const FLOAT_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The type name used in error messages. */
export const typeName = (value: JexlValue): string => {
  if (value === null) return 'null';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'number') return 'decimal';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value;
  if (value instanceof Date) return 'date';
  if (value instanceof Map) return 'map';
  if (value instanceof Set) return 'set';
  return 'array';
};

/** A number from an operand, as JEXL's arithmetic coerces it (strings and booleans convert, null is an error). */
export const toNumber = (value: JexlValue, operator: string): bigint | number => {
  if (value === null) throw new JexlError(`null operand of '${operator}'`);
  if (isNumeric(value)) return value;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'string') {
    const text = value.trim();
    if (INTEGER_TEXT.test(text)) return checkedInteger(BigInt(text));
    if (FLOAT_TEXT.test(text)) return Number(text);
  }
  throw new JexlError(`cannot use ${typeName(value)} ${describe(value)} as a number in '${operator}'`);
};

/** A 64-bit integer, as JEXL's bitwise operators take it. */
export const toLong = (value: JexlValue, operator: string): bigint => {
  const number = toNumber(value, operator);
  if (typeof number === 'bigint') return BigInt.asIntN(64, number);
  if (!Number.isFinite(number)) throw new JexlError(`cannot use ${number} as an integer in '${operator}'`);
  return BigInt.asIntN(64, BigInt(Math.trunc(number)));
};

export const toDouble = (value: bigint | number): number => (typeof value === 'bigint' ? Number(value) : value);

/** JEXL truthiness: null, false, 0, "" and "false" are false; everything else is true. */
export const truthy = (value: JexlValue): boolean => {
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value !== '' && value !== 'false';
  return true;
};

/** Java's Double.toString: 250.0, 0.001, 1.0E7, 1.0E-4. */
export const formatDouble = (value: number): string => {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${exponent.replace('+', '')}`;
};

/** The string form of a value (Java's toString, dates in ISO-8601). */
export const stringify = (value: JexlValue): string => {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatDouble(value);
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Map) return `{${[...value].map(([key, item]) => `${stringify(key)}=${stringify(item)}`).join(', ')}}`;
  return `[${[...(value as Iterable<JexlValue>)].map(stringify).join(', ')}]`;
};

/** A short quoted form for error messages. */
export const describe = (value: JexlValue): string => {
  const text = stringify(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
};

/** Converts a value of the outside world (JSON attributes, position fields) into a language value. */
export const fromJson = (value: unknown, depth = 0): JexlValue => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint') return value;
  if (value instanceof Date) return new Date(value.getTime());
  if (depth > 8) return null;
  if (Array.isArray(value)) return Object.freeze(value.map((item) => fromJson(item, depth + 1)));
  if (typeof value === 'object') {
    return new Map(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, fromJson(item, depth + 1)]));
  }
  return null;
};

/** Converts a result back to something JSON can hold (integers become numbers, dates ISO strings). */
export const toJson = (value: JexlValue): unknown => {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Map) {
    const object: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, item] of value) object[stringify(key)] = toJson(item);
    return { ...object };
  }
  if (value instanceof Set || Array.isArray(value)) return [...(value as Iterable<JexlValue>)].map(toJson);
  return value;
};
