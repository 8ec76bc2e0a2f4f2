import { checkedInteger, JexlError, toDouble, toNumber, type JexlValue } from './jexl-values.js';

type NumberArgs = (bigint | number)[];
type MathFunction = { arity: readonly number[]; run: (args: NumberArgs) => JexlValue };

const double = (run: (...args: number[]) => number, arity = 1): MathFunction => ({ arity: [arity], run: (args) => run(...args.map(toDouble)) });

/** Java's Math.round(double): floor(x + 0.5) as a long; NaN gives 0. */
const round = (value: number): bigint => {
  if (Number.isNaN(value)) return 0n;
  if (!Number.isFinite(value)) throw new JexlError('cannot round an infinite number');
  return checkedInteger(BigInt(Math.floor(value + 0.5)));
};

const sameKind = (pick: (a: number, b: number) => number, pickInteger: (a: bigint, b: bigint) => bigint): MathFunction => ({
  arity: [2],
  run: ([a, b]) => (typeof a === 'bigint' && typeof b === 'bigint' ? pickInteger(a, b) : pick(toDouble(a!), toDouble(b!))),
});

const longs = (run: (a: bigint, b: bigint) => bigint): MathFunction => ({
  arity: [2],
  run: ([a, b]) => {
    if (typeof a !== 'bigint' || typeof b !== 'bigint') throw new JexlError('integer arguments expected');
    if (b === 0n) throw new JexlError('division by zero');
    return run(a, b);
  },
});

/**
 * The `math:` namespace: Java's Math static methods, keeping Java's result types (abs, min and max
 * of integers stay integers, round gives an integer, the rest give decimals).
 */
const MATH = new Map<string, MathFunction>([
  ['abs', { arity: [1], run: ([a]) => (typeof a === 'bigint' ? (a < 0n ? -a : a) : Math.abs(a!)) }],
  ['round', { arity: [1], run: ([a]) => (typeof a === 'bigint' ? a : round(a!)) }],
  ['floor', double(Math.floor)],
  ['ceil', double(Math.ceil)],
  ['rint', double((a) => (Math.abs(a % 1) === 0.5 ? 2 * Math.round(a / 2) : Math.round(a)))],
  ['sqrt', double(Math.sqrt)],
  ['cbrt', double(Math.cbrt)],
  ['pow', double(Math.pow, 2)],
  ['exp', double(Math.exp)],
  ['log', double(Math.log)],
  ['log10', double(Math.log10)],
  ['sin', double(Math.sin)],
  ['cos', double(Math.cos)],
  ['tan', double(Math.tan)],
  ['asin', double(Math.asin)],
  ['acos', double(Math.acos)],
  ['atan', double(Math.atan)],
  ['atan2', double(Math.atan2, 2)],
  ['hypot', double(Math.hypot, 2)],
  ['toRadians', double((a) => (a / 180) * Math.PI)],
  ['toDegrees', double((a) => (a * 180) / Math.PI)],
  ['signum', double((a) => (Number.isNaN(a) || a === 0 ? a : Math.sign(a)))],
  ['min', sameKind(Math.min, (a, b) => (a < b ? a : b))],
  ['max', sameKind(Math.max, (a, b) => (a > b ? a : b))],
  ['floorDiv', longs((a, b) => (a / b) - ((a % b !== 0n) && ((a < 0n) !== (b < 0n)) ? 1n : 0n))],
  ['floorMod', longs((a, b) => ((a % b) + b) % b)],
]);

const NAMESPACES = new Map<string, Map<string, MathFunction>>([['math', MATH]]);

export const isKnownFunction = (namespace: string, name: string): boolean => NAMESPACES.get(namespace)?.has(name) ?? false;

/** Calls `namespace:name(args)`; every argument must be a number (null is an error). */
export const callFunction = (namespace: string, name: string, args: JexlValue[]): JexlValue => {
  const fn = NAMESPACES.get(namespace)?.get(name);
  if (!fn) throw new JexlError(`unknown function '${namespace}:${name}'`);
  if (!fn.arity.includes(args.length)) throw new JexlError(`${namespace}:${name} takes ${fn.arity.join(' or ')} argument(s)`);
  return fn.run(args.map((arg) => toNumber(arg, `${namespace}:${name}`)));
};
