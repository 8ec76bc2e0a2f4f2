import { describe, expect, it } from 'vitest';
import { at, brief, context, geofence, pipelineHarness, position, type ContextOptions } from '../../../test/helpers/processing-fixtures.js';
import { OVERSPEED_OFF, type OverspeedState } from '../device-state.js';
import { detectOverspeed, resolveSpeedLimit } from './overspeed.detector.js';

/** Threads the overspeed state through a sequence; returns the events of each position. */
const sequence = (options: ContextOptions, steps: { time: number; speed: number; geofenceIds?: number[] }[]) => {
  const deviceContext = context(options);
  let state: OverspeedState = OVERSPEED_OFF;
  const out = steps.map(({ time, speed, geofenceIds }) => {
    const result = detectOverspeed({ position: position({ time, speed, geofenceIds: geofenceIds ?? null }), last: undefined, context: deviceContext }, state);
    state = result.state;
    return result.events.map(brief);
  });
  return { out, state: () => state };
};

describe(detectOverspeed.name, () => {
  const limit40 = { device: { attributes: { speedLimit: 40 } }, config: { 'event.overspeed.minimalDuration': 15 } };

  it('reference example: limit 40, minimal duration 15 s — one event at 00:20, then quiet until the speed drops', () => {
    const { out, state } = sequence(limit40, [
      { time: at(0, 0), speed: 50 },
      { time: at(0, 10), speed: 55 },
      { time: at(0, 20), speed: 55 },
      { time: at(0, 30), speed: 55 },
    ]);
    expect(out).toEqual([[], [], [{ type: 'deviceOverspeed', attributes: { speed: 55, speedLimit: 40 } }], []]);
    expect(state()).toEqual({ on: true, time: null, geofenceId: 0 });
    const after = detectOverspeed({ position: position({ time: at(0, 30), speed: 30 }), last: undefined, context: context(limit40) }, state());
    expect(after).toEqual({ events: [], state: OVERSPEED_OFF });
  });

  it('no event for a blip shorter than the minimal duration, nor for a single fast position', () => {
    const { out } = sequence(limit40, [
      { time: at(0, 0), speed: 50 },
      { time: at(0, 10), speed: 50 },
      { time: at(0, 20), speed: 30 },
      { time: at(1, 0), speed: 60 },
      { time: at(1, 10), speed: 35 },
    ]);
    expect(out.flat()).toEqual([]);
  });

  it('fires on the first fast position with the default minimal duration, once per episode', () => {
    const { out } = sequence({ device: { attributes: { speedLimit: 40 } } }, [
      { time: at(0), speed: 41 },
      { time: at(1), speed: 45 },
      { time: at(2), speed: 40 },
      { time: at(3), speed: 41 },
    ]);
    expect(out.map((events) => events.length)).toEqual([1, 0, 0, 1]);
  });

  it('applies the threshold multiplier to the limit but reports the base limit', () => {
    const { out } = sequence({ device: { attributes: { speedLimit: 40 } }, config: { 'event.overspeed.thresholdMultiplier': 1.1 } }, [
      { time: at(0), speed: 44 },
      { time: at(1), speed: 44.5 },
    ]);
    expect(out).toEqual([[], [{ type: 'deviceOverspeed', attributes: { speed: 44.5, speedLimit: 40 } }]]);
  });

  it('clears a running episode when no limit applies any more', () => {
    const running: OverspeedState = { on: true, time: at(0), geofenceId: 3 };
    expect(detectOverspeed({ position: position({ speed: 90 }), last: undefined, context: context() }, running)).toEqual({ events: [], state: OVERSPEED_OFF });
  });
});

describe(resolveSpeedLimit.name, () => {
  const zones = [geofence(1, 'CIRCLE (0 0, 100)', { speedLimit: 30 }), geofence(2, 'CIRCLE (0 0, 100)', { speedLimit: 20 }), geofence(3, 'CIRCLE (0 0, 100)')];
  const resolve = (options: ContextOptions, fields: Parameters<typeof position>[0]) => resolveSpeedLimit({ position: position(fields), last: undefined, context: context(options) });

  it('takes device → group → server, then the position’s own limit, then the geofences', () => {
    const groups = [{ id: 7, groupId: 0, name: 'fleet', attributes: { speedLimit: 60 } }];
    expect(resolve({ server: { speedLimit: 80 } }, {})).toEqual({ limit: 80, geofenceId: 0 });
    expect(resolve({ server: { speedLimit: 80 }, groups, device: { groupId: 7 } }, {})).toEqual({ limit: 60, geofenceId: 0 });
    expect(resolve({ server: { speedLimit: 80 } }, { attributes: { speedLimit: 50 } })).toEqual({ limit: 50, geofenceId: 0 });
    expect(resolve({ server: { speedLimit: 80 }, geofences: zones }, { attributes: { speedLimit: 50 }, geofenceIds: [1, 2, 3] })).toEqual({ limit: 30, geofenceId: 1 });
    expect(resolve({ geofences: zones, config: { 'event.overspeed.preferLowest': true } }, { geofenceIds: [3, 1, 2] })).toEqual({ limit: 20, geofenceId: 2 });
  });

  it('never reads speedLimit from the config', () => {
    expect(resolve({ config: { speedLimit: 10 } }, {})).toEqual({ limit: 0, geofenceId: 0 });
  });
});

describe('deviceOverspeed through the pipeline', () => {
  it('uses the speed limit of the geofence the device drives into, and names it', () => {
    const harness = pipelineHarness(context({ geofences: [geofence(9, 'CIRCLE (0 0.01, 500)', { speedLimit: 25 })] }));
    const events = harness.run([
      position({ time: at(0), longitude: 0.02, speed: 40 }),
      position({ time: at(1), longitude: 0.01, speed: 40 }),
    ]);
    expect(events[0]).toEqual([]);
    expect(events[1]).toContainEqual({ type: 'deviceOverspeed', geofenceId: 9, attributes: { speed: 40, speedLimit: 25 } });
  });
});
