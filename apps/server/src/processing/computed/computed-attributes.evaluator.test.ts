import { describe, expect, it, vi } from 'vitest';
import type { ComputedAttribute } from '@tracklane/domain';
import { context, device, pipelineHarness, position, T0 } from '../../../test/helpers/processing-fixtures.js';
import type { PipelinePosition } from '../pipeline-position.js';
import { createComputedAttributes } from './computed-attributes.evaluator.js';

const silent = { warn: () => undefined };
const evaluator = (flags: { deviceAttributes?: boolean; lastAttributes?: boolean } = {}, log = silent) =>
  createComputedAttributes({ deviceAttributes: false, lastAttributes: false, log, ...flags });

let nextId = 1;
const attribute = (expression: string, fields: Partial<ComputedAttribute> = {}): ComputedAttribute => ({
  id: nextId++, description: expression, attribute: 'output', expression, type: 'string', priority: 0, ...fields,
});

/** The position of reference/processing.md §6's worked examples. */
const examplePosition = (): PipelinePosition =>
  position({ speed: 42, valid: false, time: T0, attributes: { adc1: 128, booleanFlag: true, adc2: 100, bitFlag: 7, event: 42, result: 'success' } });

const compute = (expression: string) => evaluator().compute({ expression }, examplePosition(), { device: undefined, last: undefined });

describe('computed attributes: the worked examples of reference/processing.md §6', () => {
  it('adc1 → 128', () => expect(compute('adc1')).toBe(128n));
  it('!booleanFlag → false', () => expect(compute('!booleanFlag')).toBe(false));
  it('adc2 * 2 + 50 → 250, an integer', () => expect(compute('adc2 * 2 + 50')).toBe(250n));
  it('(bitFlag & 4) != 0 → true', () => expect(compute('(bitFlag & 4) != 0')).toBe(true));
  it('event == 42 ? "lowBattery" : null → "lowBattery"', () => expect(compute('event == 42 ? "lowBattery" : null')).toBe('lowBattery'));
  it('speed > 5 && valid → false', () => expect(compute('speed > 5 && valid')).toBe(false));
  it('fixTime → the fix date', () => expect(compute('fixTime')).toEqual(new Date(T0)));
  it('math:pow(adc1, 2) → 16384.0, a decimal', () => {
    const value = compute('math:pow(adc1, 2)');
    expect(value).toBe(16384);
    expect(typeof value).toBe('number');
  });

  it.each(['adc1 = 256', 'result = "fail"', 'fixTime = "2030-01-01"'])('%s does not modify the position', (expression) => {
    const target = examplePosition();
    const before = structuredClone(target);
    evaluator().evaluate(target, [attribute(expression, { attribute: 'assigned' })], { device: device(), last: undefined });
    const { assigned, ...rest } = target.attributes;
    expect(rest).toEqual(before.attributes);
    expect(assigned).toBeDefined();
    expect({ ...target, attributes: rest }).toEqual(before);
  });

  it('stores results by type: number as it is, boolean, anything else as its string form', () => {
    const target = examplePosition();
    evaluator().evaluate(target, [
      attribute('adc2 * 2 + 50', { attribute: 'sum', type: 'number' }),
      attribute('math:pow(adc1, 2)', { attribute: 'square', type: 'number' }),
      attribute('(bitFlag & 4) != 0', { attribute: 'flag', type: 'boolean' }),
      attribute('speed * 2', { attribute: 'text', type: 'string' }),
      attribute('adc1 / 3', { attribute: 'third', type: 'number' }),
    ], { device: device(), last: undefined });
    expect(target.attributes).toMatchObject({ sum: 250, square: 16384, flag: true, text: '84.0', third: 42 });
  });
});

describe('computed attributes: results', () => {
  it('removes the attribute when the result is null', () => {
    const target = examplePosition();
    evaluator().evaluate(target, [attribute('event == 1 ? "x" : null', { attribute: 'result' })], { device: device(), last: undefined });
    expect(target.attributes).not.toHaveProperty('result');
  });

  it('sets position fields for the field targets', () => {
    const target = examplePosition();
    evaluator().evaluate(target, [
      attribute('adc1 > 100', { attribute: 'valid', type: 'boolean' }),
      attribute('adc2 / 10', { attribute: 'speed', type: 'number' }),
      attribute('12.5', { attribute: 'latitude', type: 'number' }),
      attribute('"Main Street " + adc1', { attribute: 'address' }),
    ], { device: device(), last: undefined });
    expect(target).toMatchObject({ valid: true, speed: 10, latitude: 12.5, address: 'Main Street 128' });
    expect(target.attributes).not.toHaveProperty('speed');
  });

  it('logs and skips an attribute whose expression fails or whose result has the wrong type, then goes on', () => {
    const warn = vi.fn();
    const target = examplePosition();
    evaluator({}, { warn }).evaluate(target, [
      attribute('unknownSensor * 2', { attribute: 'a', type: 'number' }),
      attribute('"text"', { attribute: 'b', type: 'number' }),
      attribute('adc1 / 0', { attribute: 'c', type: 'number' }),
      attribute('adc1 + 1', { attribute: 'd', type: 'number' }),
    ], { device: device(), last: undefined });
    expect(target.attributes).toMatchObject({ d: 129 });
    expect(target.attributes).not.toHaveProperty('a');
    expect(warn.mock.calls.map(([details]) => (details as { error: string }).error)).toEqual([
      "undefined variable 'unknownSensor'", 'result string is not a number', 'division by zero',
    ]);
  });

  it('lets a later attribute see the result of an earlier one', () => {
    const target = examplePosition();
    evaluator().evaluate(target, [attribute('adc1 * 2', { attribute: 'double', type: 'number' }), attribute('double + 1', { attribute: 'next', type: 'number' })], { device: device(), last: undefined });
    expect(target.attributes).toMatchObject({ double: 256, next: 257 });
  });

  it('keeps a target named __proto__ an ordinary attribute', () => {
    const target = examplePosition();
    evaluator().evaluate(target, [attribute('"x"', { attribute: '__proto__' })], { device: device(), last: undefined });
    expect(Object.getPrototypeOf(target.attributes)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(target.attributes))).toHaveProperty('__proto__', 'x');
  });
});

describe('computed attributes: variables', () => {
  it('offers device attributes only when enabled, position values winning', () => {
    const owner = device({ attributes: { fuelTank: 60, adc1: 1 } });
    const input = { device: owner, last: undefined };
    expect(() => evaluator().compute({ expression: 'fuelTank' }, examplePosition(), input)).toThrow("undefined variable 'fuelTank'");
    expect(evaluator({ deviceAttributes: true }).compute({ expression: 'fuelTank + adc1' }, examplePosition(), input)).toBe(188n);
  });

  it('offers the last position as last* variables only when enabled', () => {
    const last = position({ speed: 10, attributes: { ignition: true } });
    const input = { device: device(), last };
    expect(() => evaluator().compute({ expression: 'lastSpeed' }, examplePosition(), input)).toThrow("undefined variable 'lastSpeed'");
    expect(evaluator({ lastAttributes: true }).compute({ expression: 'speed - lastSpeed' }, examplePosition(), input)).toBe(32);
    expect(evaluator({ lastAttributes: true }).compute({ expression: 'lastIgnition && !valid' }, examplePosition(), input)).toBe(true);
  });
});

describe('computed attributes in the pipeline', () => {
  it('runs priority < 0 before distance and motion, priority ≥ 0 after them, higher priority first', () => {
    const computedAttributes = [
      attribute('size(order) > 0 ? order + ",late0" : "late0"', { attribute: 'order', priority: 0 }),
      attribute('order ?? "none"', { attribute: 'seenFirst', priority: 6 }),
      attribute('"early" + (distance ?? "-")', { attribute: 'order', priority: -1 }),
      attribute('motion', { attribute: 'sawMotion', type: 'boolean', priority: 3 }),
      attribute('order + ",late5"', { attribute: 'order', priority: 5 }),
    ];
    const harness = pipelineHarness(context({ computedAttributes }), { computedAttributes: evaluator() });
    const { position: stored } = harness.feed(position({ speed: 20 }));
    expect(stored.attributes).toMatchObject({ order: 'early-,late5,late0', seenFirst: 'early-', sawMotion: true });
  });
});
