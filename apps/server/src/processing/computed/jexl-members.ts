import { equals, sizeOf } from './jexl-operators.js';
import { matchesRegex } from './jexl-regex.js';
import { checkedString, describe, isForbiddenName, isNumeric, JexlError, MAX_STRING_LENGTH, stringify, toDouble, typeName, type JexlValue } from './jexl-values.js';

type Method<T> = { arity: readonly number[]; run: (self: T, args: JexlValue[]) => JexlValue };
type MethodTable<T> = Map<string, Method<T>>;

const method = <T>(arity: number | number[], run: (self: T, args: JexlValue[]) => JexlValue): Method<T> => ({ arity: Array.isArray(arity) ? arity : [arity], run });

const text = (value: JexlValue, name: string): string => {
  if (typeof value !== 'string') throw new JexlError(`${name} expects a string, got ${typeName(value)}`);
  return value;
};

const integer = (value: JexlValue, name: string): number => {
  if (typeof value !== 'bigint') throw new JexlError(`${name} expects an integer, got ${typeName(value)}`);
  return Number(value);
};

const checkedLength = (length: number): void => {
  if (length > MAX_STRING_LENGTH) throw new JexlError(`string longer than ${MAX_STRING_LENGTH} characters`);
};

const sign = (value: number): bigint => BigInt(Math.sign(value));

/** Java's String.compareTo: the first differing character, else the length difference. */
const compareStrings = (a: string, b: string): bigint => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return BigInt(a.charCodeAt(i) - b.charCodeAt(i));
  return BigInt(a.length - b.length);
};

const substring = (self: string, [begin, end]: JexlValue[]): string => {
  const from = integer(begin!, 'substring');
  const to = end === undefined ? self.length : integer(end, 'substring');
  if (from < 0 || to > self.length || from > to) throw new JexlError(`substring(${from}, ${to}) out of range for a string of length ${self.length}`);
  return self.substring(from, to);
};

const STRING: MethodTable<string> = new Map([
  ['length', method<string>(0, (self) => BigInt(self.length))],
  ['isEmpty', method<string>(0, (self) => self.length === 0)],
  ['isBlank', method<string>(0, (self) => self.trim().length === 0)],
  ['contains', method<string>(1, (self, [part]) => self.includes(text(part!, 'contains')))],
  ['startsWith', method<string>([1, 2], (self, [part, offset]) => self.startsWith(text(part!, 'startsWith'), offset === undefined ? 0 : integer(offset, 'startsWith')))],
  ['endsWith', method<string>(1, (self, [part]) => self.endsWith(text(part!, 'endsWith')))],
  ['indexOf', method<string>([1, 2], (self, [part, from]) => BigInt(self.indexOf(text(part!, 'indexOf'), from === undefined ? 0 : integer(from, 'indexOf'))))],
  ['lastIndexOf', method<string>(1, (self, [part]) => BigInt(self.lastIndexOf(text(part!, 'lastIndexOf'))))],
  ['substring', method<string>([1, 2], substring)],
  ['charAt', method<string>(1, (self, [index]) => {
    const at = integer(index!, 'charAt');
    if (at < 0 || at >= self.length) throw new JexlError(`charAt(${at}) out of range`);
    return self.charAt(at);
  })],
  ['toUpperCase', method<string>(0, (self) => self.toUpperCase())],
  ['toLowerCase', method<string>(0, (self) => self.toLowerCase())],
  ['trim', method<string>(0, (self) => self.trim())],
  ['strip', method<string>(0, (self) => self.trim())],
  ['concat', method<string>(1, (self, [other]) => checkedString(self + text(other!, 'concat')))],
  ['replace', method<string>(2, (self, [from, to]) => {
    const parts = self.split(stringify(from!));
    const replacement = stringify(to!);
    // measured before it is built: replacing "" in a long text could otherwise take gigabytes
    checkedLength(self.length + (parts.length - 1) * (replacement.length - stringify(from!).length));
    return parts.join(replacement);
  })],
  ['matches', method<string>(1, (self, [pattern]) => matchesRegex(self, text(pattern!, 'matches')))],
  ['equals', method<string>(1, (self, [other]) => other === self)],
  ['equalsIgnoreCase', method<string>(1, (self, [other]) => typeof other === 'string' && other.toLowerCase() === self.toLowerCase())],
  ['compareTo', method<string>(1, (self, [other]) => compareStrings(self, text(other!, 'compareTo')))],
  ['toString', method<string>(0, (self) => self)],
]);

const NUMBER: MethodTable<bigint | number> = new Map([
  ['intValue', method<bigint | number>(0, (self) => BigInt.asIntN(32, typeof self === 'bigint' ? self : BigInt(Math.trunc(Number.isFinite(self) ? self : 0))))],
  ['longValue', method<bigint | number>(0, (self) => BigInt.asIntN(64, typeof self === 'bigint' ? self : BigInt(Math.trunc(Number.isFinite(self) ? self : 0))))],
  ['doubleValue', method<bigint | number>(0, (self) => toDouble(self))],
  ['floatValue', method<bigint | number>(0, (self) => Math.fround(toDouble(self)))],
  ['isNaN', method<bigint | number>(0, (self) => typeof self === 'number' && Number.isNaN(self))],
  ['isInfinite', method<bigint | number>(0, (self) => typeof self === 'number' && Math.abs(self) === Infinity)],
  ['equals', method<bigint | number>(1, (self, [other]) => typeof other === typeof self && other === self)],
  ['compareTo', method<bigint | number>(1, (self, [other]) => {
    if (!isNumeric(other!)) throw new JexlError(`compareTo expects a number, got ${typeName(other!)}`);
    return sign(toDouble(self) - toDouble(other));
  })],
  ['toString', method<bigint | number>(0, (self) => stringify(self))],
]);

const BOOLEAN: MethodTable<boolean> = new Map([
  ['booleanValue', method<boolean>(0, (self) => self)],
  ['equals', method<boolean>(1, (self, [other]) => other === self)],
  ['compareTo', method<boolean>(1, (self, [other]) => BigInt(Number(self) - Number(other === true)))],
  ['toString', method<boolean>(0, (self) => String(self))],
]);

const otherDate = (value: JexlValue, name: string): number => {
  if (!(value instanceof Date)) throw new JexlError(`${name} expects a date, got ${typeName(value)}`);
  return value.getTime();
};

/** Date getters read the server's time zone, as Java's deprecated Date getters do. */
const DATE: MethodTable<Date> = new Map([
  ['getTime', method<Date>(0, (self) => BigInt(self.getTime()))],
  ['getYear', method<Date>(0, (self) => BigInt(self.getFullYear() - 1900))],
  ['getMonth', method<Date>(0, (self) => BigInt(self.getMonth()))],
  ['getDate', method<Date>(0, (self) => BigInt(self.getDate()))],
  ['getDay', method<Date>(0, (self) => BigInt(self.getDay()))],
  ['getHours', method<Date>(0, (self) => BigInt(self.getHours()))],
  ['getMinutes', method<Date>(0, (self) => BigInt(self.getMinutes()))],
  ['getSeconds', method<Date>(0, (self) => BigInt(self.getSeconds()))],
  ['before', method<Date>(1, (self, [other]) => self.getTime() < otherDate(other!, 'before'))],
  ['after', method<Date>(1, (self, [other]) => self.getTime() > otherDate(other!, 'after'))],
  ['equals', method<Date>(1, (self, [other]) => other instanceof Date && other.getTime() === self.getTime())],
  ['compareTo', method<Date>(1, (self, [other]) => sign(self.getTime() - otherDate(other!, 'compareTo')))],
  ['toString', method<Date>(0, (self) => self.toISOString())],
]);

type Collection = ReadonlyMap<JexlValue, JexlValue> | ReadonlySet<JexlValue> | readonly JexlValue[];

const mapGet = (self: ReadonlyMap<JexlValue, JexlValue>, key: JexlValue): JexlValue => {
  if (typeof key === 'string' && isForbiddenName(key)) throw new JexlError(`access to '${key}' is not allowed`);
  if (self.has(key)) return self.get(key)!;
  for (const [candidate, value] of self) if (equals(candidate, key)) return value;
  return null;
};

const MAP: MethodTable<ReadonlyMap<JexlValue, JexlValue>> = new Map([
  ['get', method<ReadonlyMap<JexlValue, JexlValue>>(1, (self, [key]) => mapGet(self, key!))],
  ['getOrDefault', method<ReadonlyMap<JexlValue, JexlValue>>(2, (self, [key, fallback]) => ([...self.keys()].some((k) => equals(k, key!)) ? mapGet(self, key!) : fallback!))],
  ['containsKey', method<ReadonlyMap<JexlValue, JexlValue>>(1, (self, [key]) => [...self.keys()].some((k) => equals(k, key!)))],
  ['containsValue', method<ReadonlyMap<JexlValue, JexlValue>>(1, (self, [value]) => [...self.values()].some((v) => equals(v, value!)))],
  ['keySet', method<ReadonlyMap<JexlValue, JexlValue>>(0, (self) => new Set(self.keys()))],
  ['values', method<ReadonlyMap<JexlValue, JexlValue>>(0, (self) => Object.freeze([...self.values()]))],
  ['size', method<ReadonlyMap<JexlValue, JexlValue>>(0, (self) => BigInt(self.size))],
  ['isEmpty', method<ReadonlyMap<JexlValue, JexlValue>>(0, (self) => self.size === 0)],
  ['equals', method<ReadonlyMap<JexlValue, JexlValue>>(1, (self, [other]) => equals(self, other!))],
]);

const listItem = (self: readonly JexlValue[], index: JexlValue): JexlValue => {
  const at = integer(index, 'index');
  if (at < 0 || at >= self.length) throw new JexlError(`index ${at} out of range for ${self.length} items`);
  return self[at]!;
};

const SEQUENCE: MethodTable<Collection> = new Map([
  ['size', method<Collection>(0, (self) => sizeOf(self as JexlValue))],
  ['isEmpty', method<Collection>(0, (self) => sizeOf(self as JexlValue) === 0n)],
  ['contains', method<Collection>(1, (self, [item]) => [...(self as Iterable<JexlValue>)].some((entry) => equals(entry, item!)))],
  ['indexOf', method<Collection>(1, (self, [item]) => BigInt([...(self as Iterable<JexlValue>)].findIndex((entry) => equals(entry, item!))))],
  ['get', method<Collection>(1, (self, [index]) => listItem([...(self as Iterable<JexlValue>)], index!))],
  ['equals', method<Collection>(1, (self, [other]) => equals(self as JexlValue, other!))],
]);

const tableOf = (value: JexlValue): MethodTable<never> | undefined => {
  if (typeof value === 'string') return STRING as MethodTable<never>;
  if (isNumeric(value)) return NUMBER as MethodTable<never>;
  if (typeof value === 'boolean') return BOOLEAN as MethodTable<never>;
  if (value instanceof Date) return DATE as MethodTable<never>;
  if (value instanceof Map) return MAP as MethodTable<never>;
  if (value instanceof Set || Array.isArray(value)) return SEQUENCE as MethodTable<never>;
  return undefined;
};

/** Calls one of the whitelisted methods of a value; anything else is an error. */
export const callMethod = (self: JexlValue, name: string, args: JexlValue[]): JexlValue => {
  if (self === null) throw new JexlError(`cannot call '${name}' on null`);
  const entry = tableOf(self)?.get(name);
  if (!entry) throw new JexlError(`unknown method '${name}' of ${typeName(self)}`);
  if (!entry.arity.includes(args.length)) throw new JexlError(`${name} takes ${entry.arity.join(' or ')} argument(s), got ${args.length}`);
  return entry.run(self as never, args);
};

/** Java bean properties of a date (`fixTime.time` is `fixTime.getTime()`). */
const DATE_PROPERTIES = new Map([['time', 'getTime'], ['year', 'getYear'], ['month', 'getMonth'], ['date', 'getDate'], ['day', 'getDay'], ['hours', 'getHours'], ['minutes', 'getMinutes'], ['seconds', 'getSeconds']]);

/** `value.name`: map entries, `length` of strings and lists, date bean properties. */
export const readProperty = (self: JexlValue, name: string): JexlValue => {
  if (self === null) throw new JexlError(`cannot read '${name}' of null`);
  if (self instanceof Map) return mapGet(self, name);
  if (name === 'length' && (typeof self === 'string' || Array.isArray(self))) return BigInt(self.length);
  const getter = self instanceof Date ? DATE_PROPERTIES.get(name) : undefined;
  if (getter) return callMethod(self, getter, []);
  throw new JexlError(`unknown property '${name}' of ${typeName(self)} ${describe(self)}`);
};

/** `value[index]`: list items by position, map entries by key. */
export const readIndex = (self: JexlValue, index: JexlValue): JexlValue => {
  if (self === null) throw new JexlError('cannot index null');
  if (self instanceof Map) return mapGet(self, index);
  if (Array.isArray(self)) return listItem(self, index);
  throw new JexlError(`cannot index ${typeName(self)}`);
};
