import type { BinaryOperator, UnaryOperator } from './jexl-ast.js';
import { matchesRegex } from './jexl-regex.js';
import {
  checkedInteger, checkedString, describe, isNumeric, JexlError, stringify, toDouble, toLong, toNumber, truthy, typeName, type JexlValue,
} from './jexl-values.js';

const numericText = (value: string): bigint | number | undefined => {
  try {
    return toNumber(value, '==');
  } catch {
    return undefined;
  }
};

/** JEXL's `==`: numbers by value whatever their kind, strings against numbers numerically, collections by content. */
export const equals = (left: JexlValue, right: JexlValue): boolean => {
  if (left === null || right === null) return left === right;
  if (isNumeric(left) && isNumeric(right)) return typeof left === typeof right ? left === right : toDouble(left) === toDouble(right);
  if (typeof left === 'boolean' || typeof right === 'boolean') {
    if (typeof left === 'boolean' && typeof right === 'boolean') return left === right;
    const other = typeof left === 'boolean' ? right : left;
    const flag = typeof left === 'boolean' ? left : (right as boolean);
    if (isNumeric(other)) return toDouble(other) === (flag ? 1 : 0);
    return typeof other === 'string' ? truthy(other) === flag : false;
  }
  if (isNumeric(left) || isNumeric(right)) {
    const text = typeof left === 'string' ? left : typeof right === 'string' ? right : undefined;
    const parsed = text === undefined ? undefined : numericText(text);
    return parsed !== undefined && equals(isNumeric(left) ? left : parsed, isNumeric(right) ? right : parsed);
  }
  if (typeof left === 'string' || typeof right === 'string') return left === right;
  if (left instanceof Date || right instanceof Date) return left instanceof Date && right instanceof Date && left.getTime() === right.getTime();
  if (left instanceof Map || right instanceof Map) {
    if (!(left instanceof Map && right instanceof Map) || left.size !== right.size) return false;
    for (const [key, value] of left) if (!right.has(key) || !equals(value as JexlValue, right.get(key) as JexlValue)) return false;
    return true;
  }
  if (left instanceof Set || right instanceof Set) {
    return left instanceof Set && right instanceof Set && left.size === right.size && [...left].every((item) => contains(right, item));
  }
  const a = left as readonly JexlValue[];
  const b = right as readonly JexlValue[];
  return a.length === b.length && a.every((item, index) => equals(item, b[index]!));
};

/** Ordering for `< <= > >=`: numbers, strings, dates; mixing a number with a numeric string compares numbers. */
const compare = (left: JexlValue, right: JexlValue, operator: string): number => {
  if (left === null || right === null) throw new JexlError(`null operand of '${operator}'`);
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  if (left instanceof Date && right instanceof Date) return Math.sign(left.getTime() - right.getTime());
  if ((isNumeric(left) || typeof left === 'string') && (isNumeric(right) || typeof right === 'string')) {
    const a = toNumber(left, operator);
    const b = toNumber(right, operator);
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    const x = toDouble(a);
    const y = toDouble(b);
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.NaN;
  }
  throw new JexlError(`cannot compare ${typeName(left)} with ${typeName(right)}`);
};

/** JEXL's `=~`: a string on the right is a regular expression; a collection is searched; a map by key. */
const contains = (container: JexlValue, item: JexlValue): boolean => {
  if (container === null) throw new JexlError("null operand of '=~'");
  if (typeof container === 'string') {
    if (item === null) return false;
    return matchesRegex(stringify(item), container);
  }
  if (container instanceof Map) return container.has(item) || [...container.keys()].some((key) => equals(key as JexlValue, item));
  if (container instanceof Set) return [...container].some((entry) => equals(entry as JexlValue, item));
  if (Array.isArray(container)) return container.some((entry: JexlValue) => equals(entry, item));
  return equals(container, item);
};

const affix = (left: JexlValue, right: JexlValue, operator: string, test: (text: string, part: string) => boolean): boolean => {
  if (left === null || right === null) throw new JexlError(`null operand of '${operator}'`);
  return test(stringify(left), stringify(right));
};

const integerArithmetic = (operator: string, a: bigint, b: bigint): bigint => {
  switch (operator) {
    case '+': return checkedInteger(a + b);
    case '-': return checkedInteger(a - b);
    case '*': return checkedInteger(a * b);
    case '/':
    case '%':
      if (b === 0n) throw new JexlError('division by zero');
      return operator === '/' ? a / b : a % b;
    default: throw new JexlError(`unknown operator '${operator}'`);
  }
};

const doubleArithmetic = (operator: string, a: number, b: number): number => {
  switch (operator) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/':
    case '%':
      if (b === 0) throw new JexlError('division by zero');
      return operator === '/' ? a / b : a % b;
    default: throw new JexlError(`unknown operator '${operator}'`);
  }
};

/** `+ - * / %`: integers stay integers (7 / 2 is 3), a decimal operand makes a decimal, `+` with a string concatenates. */
export const arithmetic = (operator: '+' | '-' | '*' | '/' | '%', left: JexlValue, right: JexlValue): JexlValue => {
  if (left === null || right === null) throw new JexlError(`null operand of '${operator}'`);
  if (operator === '+' && (typeof left === 'string' || typeof right === 'string')) return checkedString(stringify(left) + stringify(right));
  const a = toNumber(left, operator);
  const b = toNumber(right, operator);
  if (typeof a === 'bigint' && typeof b === 'bigint') return integerArithmetic(operator, a, b);
  return doubleArithmetic(operator, toDouble(a), toDouble(b));
};

export const binary = (operator: BinaryOperator, left: JexlValue, right: JexlValue): JexlValue => {
  switch (operator) {
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
      return arithmetic(operator, left, right);
    case '&': return BigInt.asIntN(64, toLong(left, '&') & toLong(right, '&'));
    case '|': return BigInt.asIntN(64, toLong(left, '|') | toLong(right, '|'));
    case '^': return BigInt.asIntN(64, toLong(left, '^') ^ toLong(right, '^'));
    case '==': return equals(left, right);
    case '!=': return !equals(left, right);
    case '<': return compare(left, right, operator) < 0;
    case '<=': return compare(left, right, operator) <= 0;
    case '>': return compare(left, right, operator) > 0;
    case '>=': return compare(left, right, operator) >= 0;
    case '=~': return contains(right, left);
    case '!~': return !contains(right, left);
    case '=^': return affix(left, right, operator, (text, part) => text.startsWith(part));
    case '!^': return !affix(left, right, operator, (text, part) => text.startsWith(part));
    case '=$': return affix(left, right, operator, (text, part) => text.endsWith(part));
    case '!$': return !affix(left, right, operator, (text, part) => text.endsWith(part));
  }
};

/** Number of characters, items or entries; JEXL's `size`. */
export const sizeOf = (value: JexlValue): bigint => {
  if (value === null) return 0n;
  if (typeof value === 'string') return BigInt(value.length);
  if (value instanceof Map || value instanceof Set) return BigInt(value.size);
  if (Array.isArray(value)) return BigInt(value.length);
  throw new JexlError(`${typeName(value)} ${describe(value)} has no size`);
};

export const unary = (operator: UnaryOperator, value: JexlValue): JexlValue => {
  switch (operator) {
    case '!': return !truthy(value);
    case 'empty': return value === null || (typeof value !== 'boolean' && !isNumeric(value) && !(value instanceof Date) && sizeOf(value) === 0n);
    case 'size': return sizeOf(value);
    case '~': return BigInt.asIntN(64, ~toLong(value, '~'));
    case '+':
    case '-': {
      if (value === null) throw new JexlError(`null operand of '${operator}'`);
      if (typeof value === 'boolean') return operator === '-' ? !value : value;
      const number = toNumber(value, operator);
      return operator === '+' ? number : typeof number === 'bigint' ? -number : -number;
    }
  }
};
