import { describe, expect, it } from 'vitest';
import { compileExpression } from './jexl-expression.js';
import { fromJson, JexlError, type JexlValue } from './jexl-values.js';

const scope = () =>
  new Map<string, JexlValue>([
    ['name', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'],
    ['long', 'a'.repeat(20_000)],
    ['io', fromJson({ door: 1 })],
    ['ids', fromJson([1, 2])],
    ['count', 3n],
  ]);

/** Fails with an expression error (never anything else), and fast. */
const refused = (expression: string, message?: string | RegExp) => {
  const started = performance.now();
  let failure: unknown;
  try {
    compileExpression(expression).evaluate(scope());
  } catch (error) {
    failure = error;
  }
  const elapsed = performance.now() - started;
  expect(failure, `${expression.slice(0, 60)} should fail`).toBeInstanceOf(JexlError);
  if (message) expect((failure as Error).message).toMatch(message);
  expect(elapsed).toBeLessThan(250);
};

describe('expression sandbox', () => {
  it.each([
    ['constructor', /access to 'constructor' is not allowed/],
    ['constructor.constructor("return process")()', /access to 'constructor'/],
    ['name.constructor.constructor("return process")()', /access to 'constructor'/],
    ['count.constructor', /access to 'constructor'/],
    ['ids.constructor.prototype', /access to 'constructor'/],
    ['__proto__', /access to '__proto__'/],
    ['io.__proto__', /access to '__proto__'/],
    ['io["__proto__"]', /access to '__proto__'/],
    ['io["constructor"]', /access to 'constructor'/],
    ['io.get("constructor")', /access to 'constructor'/],
    ['name.prototype', /access to 'prototype'/],
    ['name.__defineGetter__("x", 1)', /access to '__defineGetter__'/],
    ['name.getClass().forName("java.lang.Runtime")', /access to 'getClass'/],
    ['name.class', /access to 'class'/],
  ])('refuses prototype access: %s', (expression, message) => refused(expression, message));

  it.each([
    ['process', /undefined variable 'process'/],
    ['globalThis', /undefined variable 'globalThis'/],
    ['this', /undefined variable 'this'/],
    ['require("child_process")', /unknown function 'require'/],
    ['eval("1")', /unknown function 'eval'/],
    ['name.toString.call(1)', /unknown property 'toString'/],
    ['name.valueOf()', /unknown method 'valueOf'/],
    ['name.split(",")', /unknown method 'split'/],
    ['io.set("door", 2)', /unknown method 'set'/],
    ['ids.push(3)', /unknown method 'push'/],
    ['new("java.lang.Runtime")', /'new' is not allowed/],
    ['function() { 1 }', /'function' is not allowed/],
    ['x -> x', /unexpected '>'/],
    ['math:exec("ls")', /unknown function 'math:exec'/],
    ['java:lang()', /unknown function 'java:lang'/],
  ])('refuses anything outside the whitelist: %s', (expression, message) => refused(expression, message));

  it('refuses huge inputs', () => {
    refused('1'.repeat(100_000), /longer than 4096 characters/);
    refused(`"${'a'.repeat(5000)}"`, /longer than 4096 characters/);
  });

  it('refuses deep nesting', () => {
    refused(`${'('.repeat(2000)}1${')'.repeat(2000)}`, /nested too deeply/);
    refused(`${'['.repeat(1500)}${']'.repeat(1500)}`, /nested too deeply/);
    refused(`${'!'.repeat(4000)}true`, /nested too deeply/);
    refused(`${'-'.repeat(4000)}1`, /nested too deeply/);
    refused(`${'count ? '.repeat(150)}1${' : 2'.repeat(150)}`, /nested too deeply/);
  });

  it('refuses long chains of operators', () => {
    refused(`1${'+1'.repeat(2000)}`, /too complex|nested too deeply/);
    refused(`count${' && count'.repeat(400)}`, /too complex|nested too deeply/);
    refused(Array.from({ length: 2040 }, () => '1').join(';'), /too complex/);
  });

  it('stops strings and integers that grow without bound', () => {
    refused(`s = "aaaaaaaa"; ${'s = s + s; '.repeat(20)} s`, /string longer than 65536/);
    refused('long.replace("", long)', /string longer than 65536/);
    refused(`x = 10; ${'x = x * x; '.repeat(12)} x`, /integer overflow/);
  });

  it('keeps catastrophic regular expressions fast', () => {
    refused('long =~ "(a|a)*b" ? fail : fail', /undefined variable 'fail'/);
    refused('name =~ "(a+)+$" ? fail : fail', /undefined variable 'fail'/);
    refused('name.matches("(a*)*b") ? fail : fail', /undefined variable 'fail'/);
    refused('name =~ "(a)\\\\1"', /regular expression/);
  });

  it('leaves the evaluation scope as the only thing an assignment changes', () => {
    const variables = scope();
    compileExpression('constructor2 = 1; toString = 2; hasOwnProperty = 3').evaluate(variables);
    expect(variables.get('toString')).toBe(2n);
    expect(({} as Record<string, unknown>).toString).toBe(Object.prototype.toString);
    expect(Object.prototype.hasOwnProperty).toBeTypeOf('function');
  });
});
