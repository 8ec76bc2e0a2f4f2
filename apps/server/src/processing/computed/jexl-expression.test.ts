import { describe, expect, it } from 'vitest';
import { compileExpression, createExpressionCache } from './jexl-expression.js';
import { fromJson, type JexlValue } from './jexl-values.js';

const variables = () =>
  new Map<string, JexlValue>([
    ['speed', 42.0],
    ['count', 7n],
    ['name', 'Truck 12'],
    ['ignition', true],
    ['nothing', null],
    ['fixTime', new Date(Date.UTC(2025, 0, 1, 10, 30))],
    ['io', fromJson({ door: 1, label: 'A' })],
    ['ids', fromJson([3, 5, 8])],
  ]);

const run = (expression: string, scope = variables()) => compileExpression(expression).evaluate(scope);

describe('expression language: arithmetic', () => {
  it.each([
    ['7 / 2', 3n],
    ['-7 / 2', -3n],
    ['7 % 3', 1n],
    ['7 div 2', 3n],
    ['7 mod 4', 3n],
    ['7.0 / 2', 3.5],
    ['7 / 2.0', 3.5],
    ['speed / 4', 10.5],
    ['count * 2 + 1', 15n],
    ['1.5e2 + 1', 151],
    ['0x10 + 1', 17n],
    ['10L + 1', 11n],
    ['2d * 2', 4],
    ['"3" * 2', 6n],
    ['-count', -7n],
    ['9223372036854775807 + 1', 9223372036854775808n],
  ])('%s = %s', (expression, expected) => expect(run(expression)).toBe(expected));

  it('concatenates strings with +', () => {
    expect(run('name + " at " + speed')).toBe('Truck 12 at 42.0');
    expect(run('"n" + count')).toBe('n7');
    expect(run('1 + 2 + "x"')).toBe('3x');
  });

  it.each([
    ['nothing + 1', "null operand of '+'"],
    ['count * nothing', "null operand of '*'"],
    ['count / 0', 'division by zero'],
    ['speed / 0', 'division by zero'],
    ['count % 0', 'division by zero'],
    ['"abc" - 1', "cannot use string \"abc\" as a number in '-'"],
    ['unknown', "undefined variable 'unknown'"],
  ])('%s fails: %s', (expression, message) => expect(() => run(expression)).toThrow(message));
});

describe('expression language: comparison and logic', () => {
  it.each([
    ['speed > 40', true],
    ['speed gt 50', false],
    ['count == 7.0', true],
    ['count eq 7 and ignition', true],
    ['count ne 7 or not ignition', false],
    ['speed >= 42 && count <= 7', true],
    ['speed lt 42 || count ge 8', false],
    ['"7" == count', true],
    ['name == "Truck 12"', true],
    ['nothing == null', true],
    ['nothing != 0', true],
    ['"abc" < "abd"', true],
    ['fixTime < fixTime', false],
    ['ignition == "true"', true],
    ['!ignition', false],
    ['!nothing', true],
  ])('%s is %s', (expression, expected) => expect(run(expression)).toBe(expected));

  it('returns the deciding operand of && and || (JEXL ≥ 3.4.1)', () => {
    expect(run('nothing || "fallback"')).toBe('fallback');
    expect(run('ignition && count')).toBe(7n);
    expect(run('0 && count')).toBe(0n);
  });

  it('refuses to order null or unrelated values', () => {
    expect(() => run('nothing > 1')).toThrow("null operand of '>'");
    expect(() => run('ignition > 1')).toThrow('cannot compare boolean with integer');
  });

  it.each([
    ['count > 5 ? "high" : "low"', 'high'],
    ['nothing ?: "default"', 'default'],
    ['name ?: "default"', 'Truck 12'],
    ['missing ?: "default"', 'default'],
    ['nothing ?? "default"', 'default'],
    ['missing ?? "default"', 'default'],
    ['0 ?? "default"', 0n],
    ['missing ? 1 : 2', 2n],
  ])('%s → %s', (expression, expected) => expect(run(expression)).toBe(expected));

  it('applies bitwise operators to 64-bit integers', () => {
    expect(run('(count & 4) != 0')).toBe(true);
    expect(run('count | 8')).toBe(15n);
    expect(run('count ^ 1')).toBe(6n);
    expect(run('~count')).toBe(-8n);
    expect(run('speed & 3')).toBe(2n);
  });

  it('matches, searches and tests affixes with =~ !~ =^ =$', () => {
    expect(run('name =~ "Truck \\\\d+"')).toBe(true);
    expect(run('name =~ "Truck"')).toBe(false);
    expect(run('name !~ "Car.*"')).toBe(true);
    expect(run('5 =~ ids')).toBe(true);
    expect(run('4 =~ [1, 2, 3]')).toBe(false);
    expect(run('"door" =~ io')).toBe(true);
    expect(run('name =^ "Tru"')).toBe(true);
    expect(run('name =$ "12"')).toBe(true);
  });
});

describe('expression language: values, members and functions', () => {
  it('builds arrays, maps and sets', () => {
    expect(run('[1, "a", true]')).toEqual([1n, 'a', true]);
    expect(run('{ "a": 1, "b": count }')).toEqual(new Map<JexlValue, JexlValue>([['a', 1n], ['b', 7n]]));
    expect(run('{:}')).toEqual(new Map());
    expect(run('{1, 2, 2}')).toEqual(new Set([1n, 2n]));
    expect(run('[1, 2, 3][1]')).toBe(2n);
    expect(run('{ "a": 1 }["a"]')).toBe(1n);
  });

  it('reads map entries and list sizes', () => {
    expect(run('io.door + io["door"]')).toBe(2n);
    expect(run('io.missing')).toBe(null);
    expect(run('io.get("label")')).toBe('A');
    expect(run('io.containsKey("door") && !io.isEmpty() && io.size() == 2')).toBe(true);
    expect(run('ids.length + size(ids) + ids.size()')).toBe(9n);
    expect(run('ids.contains(8)')).toBe(true);
    expect(run('empty(ids) || empty("")')).toBe(true);
    expect(() => run('ids[3]')).toThrow('index 3 out of range for 3 items');
  });

  it('calls the whitelisted string methods', () => {
    expect(run('name.contains("ck") && name.startsWith("Tr") && name.endsWith("12")')).toBe(true);
    expect(run('name.substring(0, 5).toUpperCase()')).toBe('TRUCK');
    expect(run('name.substring(6)')).toBe('12');
    expect(run('name.indexOf("12")')).toBe(6n);
    expect(run('"  x ".trim().length()')).toBe(1n);
    expect(run('name.toLowerCase().equals("truck 12")')).toBe(true);
    expect(run('name.replace("12", "13")')).toBe('Truck 13');
    expect(run('name.charAt(0)')).toBe('T');
    expect(() => run('name.substring(3, 99)')).toThrow('out of range');
  });

  it('calls methods of numbers, booleans and dates', () => {
    expect(run('speed.intValue()')).toBe(42n);
    expect(run('count.doubleValue() / 2')).toBe(3.5);
    expect(run('count.toString() + ignition.toString()')).toBe('7true');
    expect(run('fixTime.getTime()')).toBe(BigInt(Date.UTC(2025, 0, 1, 10, 30)));
    expect(run('fixTime.time == fixTime.getTime()')).toBe(true);
  });

  it('offers the math namespace with Java result types', () => {
    expect(run('math:abs(-count)')).toBe(7n);
    expect(run('math:abs(-2.5)')).toBe(2.5);
    expect(run('math:round(speed / 4)')).toBe(11n);
    expect(run('math:floor(7.9)')).toBe(7);
    expect(run('math:ceil(count / 2.0)')).toBe(4);
    expect(run('math:sqrt(16)')).toBe(4);
    expect(run('math:min(count, 3)')).toBe(3n);
    expect(run('math:max(count, speed)')).toBe(42);
    expect(() => run('math:pow(nothing, 2)')).toThrow("null operand of 'math:pow'");
    expect(() => run('math:exec(1)')).toThrow("unknown function 'math:exec'");
    expect(() => run('eval("1")')).toThrow("unknown function 'eval'");
  });

  it('runs ;-separated statements whose assignments stay in the evaluation', () => {
    const scope = variables();
    expect(run('x = count * 2; x += 1; x', scope)).toBe(15n);
    expect(scope.get('x')).toBe(15n);
    expect(run('count = 1; count')).toBe(1n);
    expect(() => run('io.door = 2')).toThrow('only variables can be assigned');
  });

  it('reports syntax errors with their position', () => {
    expect(() => run('count +')).toThrow('unexpected end of expression at position 8');
    expect(() => run('(count')).toThrow("missing ')'");
    expect(() => run('"open')).toThrow('unterminated string');
    expect(() => run('count count')).toThrow("unexpected 'count'");
    expect(() => run('')).toThrow('empty expression');
    expect(() => run('var x = 1')).toThrow("'var' is not allowed");
    expect(() => run('for (x : ids) 1')).toThrow("'for' is not allowed");
    expect(() => run('while (true) 1')).toThrow("'while' is not allowed");
  });

  it('ignores comments', () => expect(run('count // the count\n + 1 /* one */ ## done')).toBe(8n));
});

describe(createExpressionCache.name, () => {
  it('compiles each text once and keeps syntax errors', () => {
    const cache = createExpressionCache(2);
    const first = cache.compile('count + 1');
    expect(cache.compile('count + 1')).toBe(first);
    expect(() => cache.compile('count +')).toThrow('unexpected end');
    expect(() => cache.compile('count +')).toThrow('unexpected end');
    expect(cache.size()).toBe(2);
    cache.compile('count + 2');
    expect(cache.size()).toBe(2);
    expect(cache.compile('count + 1')).not.toBe(first);
  });
});
