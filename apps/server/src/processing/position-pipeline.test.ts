import { describe, expect, it, vi } from 'vitest';
import type { ComputedAttribute } from '@tracklane/domain';
import { at, context, metresEast, pipelineHarness, position } from '../../test/helpers/processing-fixtures.js';
import { createPositionPipeline } from './position-pipeline.js';
import { emptyDeviceState } from './device-state.js';
import type { ComputedAttributeEvaluator } from './stages/computed-attributes.stage.js';

describe(createPositionPipeline.name, () => {
  it('drops a filtered position without events; it never becomes the last position, so distance skips over it', () => {
    const harness = pipelineHarness(context({ config: { 'filter.invalid': true } }));
    harness.feed(position({ time: at(0) }));
    const dropped = harness.feed(position({ time: at(1), longitude: metresEast(5000), valid: false, attributes: { alarm: 'sos' } }));
    expect(dropped).toMatchObject({ filtered: ['Invalid'], events: [] });
    const next = harness.feed(position({ time: at(2), longitude: metresEast(100) }));
    expect(next.position.attributes.distance).toBeCloseTo(100, 6);
    expect(harness.state().last?.fixTime).toBe(at(2));
  });

  it('stores an out-of-order position without making it the latest or detecting position events on it', () => {
    const harness = pipelineHarness(context());
    harness.feed(position({ time: at(10), attributes: { ignition: false } }));
    const late = harness.feed(position({ time: at(5), attributes: { ignition: true, alarm: 'sos', result: 'done' } }));
    expect(late.filtered).toEqual([]);
    expect(late.events.map((event) => event.type)).toEqual(['commandResult']);
    expect(harness.state().last?.fixTime).toBe(at(10));
  });

  it('keeps going when a stage throws, reporting the stage', () => {
    const onStageError = vi.fn();
    const broken: ComputedAttributeEvaluator = { evaluate: () => { throw new Error('bad expression'); } };
    const attribute: ComputedAttribute = { id: 1, description: 'x', attribute: 'x', expression: '?', type: 'number', priority: 1 };
    const harness = pipelineHarness(context({ computedAttributes: [attribute] }), { computedAttributes: broken, onStageError });
    const result = harness.feed(position({ attributes: { alarm: 'sos' } }));
    expect(result.events.map((event) => event.type)).toEqual(['alarm']);
    expect(onStageError).toHaveBeenCalledWith('computedAttributes.late', expect.any(Error), expect.anything());
  });

  it('runs the early computed attributes before distance and filters, the late ones after motion', () => {
    const seen: Record<string, unknown>[] = [];
    const evaluator: ComputedAttributeEvaluator = {
      evaluate: (current, attributes) => {
        seen.push({ ...current.attributes });
        if (attributes[0]!.priority < 0) current.attributes.distance = 42;
      },
    };
    const computedAttributes: ComputedAttribute[] = [
      { id: 1, description: 'early', attribute: 'distance', expression: '42', type: 'number', priority: -1 },
      { id: 2, description: 'late', attribute: 'y', expression: '1', type: 'number', priority: 0 },
    ];
    const pipeline = createPositionPipeline({ computedAttributes: evaluator });
    const result = pipeline(position({ speed: 10 }), context({ computedAttributes }), emptyDeviceState(), at(0));
    expect(seen[0]).toEqual({});
    expect(seen[1]).toMatchObject({ distance: 42, totalDistance: 42, motion: true });
    expect(result.kind).toBe('accepted');
  });

  it('counts stored positions per day for the daily limit', () => {
    const harness = pipelineHarness(context({ config: { 'filter.dailyLimit': 2 } }));
    const results = [0, 1, 2, 3].map((minute) => harness.feed(position({ time: at(minute) })));
    expect(results.map((result) => result.filtered)).toEqual([[], [], ['DailyLimit'], ['DailyLimit']]);
  });
});
