import { describe, expect, it, vi } from 'vitest';
import type { ComputedAttribute } from '@tracklane/domain';
import { at, context, geofence, metresEast, position, T0 } from '../../../test/helpers/processing-fixtures.js';
import { emptyDeviceState } from '../device-state.js';
import type { PipelinePosition } from '../pipeline-position.js';
import type { ContextOptions } from '../../../test/helpers/processing-fixtures.js';
import { computedAttributesStage } from './computed-attributes.stage.js';
import { copyAttributesStage } from './copy-attributes.stage.js';
import { distanceStage } from './distance.stage.js';
import { driverStage } from './driver.stage.js';
import { engineHoursStage } from './engine-hours.stage.js';
import { geofenceStage } from './geofence.stage.js';
import { motionStage } from './motion.stage.js';
import { GPS_EPOCH, outdatedStage } from './outdated.stage.js';
import { correctRollover, GPS_ROLLOVER_CYCLE, timeStage } from './time.stage.js';

const input = (current: PipelinePosition, last?: PipelinePosition, options: ContextOptions = {}, now = T0) => ({
  position: current,
  last,
  context: context(options),
  state: { ...emptyDeviceState(), last },
  now,
});

describe(distanceStage.name, () => {
  it('starts at 0 without a last position, or takes the decoder’s distance', () => {
    const first = position();
    distanceStage(input(first));
    expect(first.attributes).toMatchObject({ distance: 0, totalDistance: 0 });
    const reported = position({ attributes: { distance: 100 } });
    distanceStage(input(reported));
    expect(reported.attributes).toMatchObject({ distance: 100, totalDistance: 100 });
  });

  it('adds the great-circle distance from the last position to its total', () => {
    const current = position({ longitude: metresEast(250) });
    distanceStage(input(current, position({ attributes: { totalDistance: 1000 } })));
    expect(current.attributes.distance).toBeCloseTo(250, 6);
    expect(current.attributes.totalDistance).toBeCloseTo(1250, 6);
  });

  it('pins jitter to the last coordinates with coordinates.filter', () => {
    const last = position({ latitude: 1, longitude: 1 });
    const jitter = position({ latitude: 1, longitude: 1 + metresEast(3) });
    distanceStage(input(jitter, last, { config: { 'coordinates.filter': true, 'coordinates.minError': 5 } }));
    expect(jitter).toMatchObject({ longitude: 1, attributes: { distance: 0 } });
  });
});

describe(outdatedStage.name, () => {
  it('copies the last fix into a position without a location', () => {
    const last = position({ time: at(0), latitude: 5, longitude: 6, speed: 12, course: 90, accuracy: 8, valid: true });
    const heartbeat = position({ time: at(5), outdated: true, valid: false });
    outdatedStage(input(heartbeat, last));
    expect(heartbeat).toMatchObject({ fixTime: at(0), deviceTime: at(5), latitude: 5, longitude: 6, speed: 12, course: 90, accuracy: 8, valid: true });
  });

  it('dates the first one to the GPS epoch', () => {
    const heartbeat = position({ outdated: true });
    outdatedStage(input(heartbeat));
    expect(heartbeat.fixTime).toBe(GPS_EPOCH);
  });
});

describe(correctRollover.name, () => {
  const now = Date.UTC(2025, 7, 19);
  it('moves a time exactly one rollover cycle back to now, and leaves recent times and the epoch alone', () => {
    expect(correctRollover(now - GPS_ROLLOVER_CYCLE, now)).toBe(now);
    expect(correctRollover(now - 7 * 86_400_000, now)).toBe(now - 7 * 86_400_000);
    expect(correctRollover(GPS_EPOCH, now)).toBe(GPS_EPOCH);
  });
});

describe(timeStage.name, () => {
  it('applies time.override, limited to time.protocols', () => {
    const override = position({ serverTime: at(10), deviceTime: at(2), fixTime: at(1) });
    timeStage(input(override, undefined, { device: { attributes: { 'time.override': 'deviceTime' } } }));
    expect(override.fixTime).toBe(at(2));
    const other = position({ serverTime: at(10), deviceTime: at(2), fixTime: at(1) });
    timeStage(input(other, undefined, { device: { attributes: { 'time.override': 'serverTime' } }, config: { 'time.protocols': 'gt06' } }));
    expect(other.fixTime).toBe(at(1));
  });
});

describe(geofenceStage.name, () => {
  const zones = [geofence(1, 'CIRCLE (0 0, 100)'), geofence(2, 'CIRCLE (0 0, 1000)', { floor: 10, ceiling: 50 }), geofence(3, 'BROKEN')];
  it('lists every containing geofence, respecting floor and ceiling, and null when none', () => {
    const ground = position({ altitude: 0 });
    geofenceStage(input(ground, undefined, { geofences: zones }));
    expect(ground.geofenceIds).toEqual([1]);
    const raised = position({ altitude: 20 });
    geofenceStage(input(raised, undefined, { geofences: zones }));
    expect(raised.geofenceIds).toEqual([1, 2]);
    const away = position({ latitude: 1 });
    geofenceStage(input(away, undefined, { geofences: zones }));
    expect(away.geofenceIds).toBeNull();
  });

  it('uses the geofence’s polylineDistance, else the configured default of 25 m', () => {
    const road = [geofence(4, `LINESTRING (0 0, 0 ${metresEast(1000)})`)];
    const wide = [geofence(4, `LINESTRING (0 0, 0 ${metresEast(1000)})`, { polylineDistance: 40 })];
    const beside = () => position({ latitude: 30 / 110_574, longitude: metresEast(500) });
    const narrow = beside();
    geofenceStage(input(narrow, undefined, { geofences: road }));
    expect(narrow.geofenceIds).toBeNull();
    const inside = beside();
    geofenceStage(input(inside, undefined, { geofences: wide }));
    expect(inside.geofenceIds).toEqual([4]);
  });
});

describe(motionStage.name, () => {
  it('sets motion from the speed threshold unless the device reported it', () => {
    const moving = position({ speed: 0.02 });
    motionStage(input(moving));
    expect(moving.attributes.motion).toBe(true);
    const still = position({ speed: 0.01 });
    motionStage(input(still));
    expect(still.attributes.motion).toBe(false);
    const reported = position({ speed: 30, attributes: { motion: false } });
    motionStage(input(reported));
    expect(reported.attributes.motion).toBe(false);
  });
});

describe(engineHoursStage.name, () => {
  it('adds device time while ignition stays on, and is written only when non-zero', () => {
    const running = position({ time: at(10), attributes: { ignition: true } });
    engineHoursStage(input(running, position({ time: at(0), attributes: { ignition: true, hours: 1000 } })));
    expect(running.attributes.hours).toBe(1000 + 600_000);
    const off = position({ time: at(10), attributes: { ignition: false } });
    engineHoursStage(input(off, position({ time: at(0), attributes: { ignition: true } })));
    expect(off.attributes.hours).toBeUndefined();
    const reported = position({ time: at(10), attributes: { ignition: true, hours: 5 } });
    engineHoursStage(input(reported, position({ time: at(0), attributes: { ignition: true, hours: 1000 } })));
    expect(reported.attributes.hours).toBe(5);
  });
});

describe(driverStage.name, () => {
  const drivers = [{ id: 1, attributes: {}, name: 'Ann', uniqueId: 'ann-7' }];
  it('fills driverUniqueId from a linked driver with processing.useLinkedDriver', () => {
    const filled = position();
    driverStage(input(filled, undefined, { drivers, config: { 'processing.useLinkedDriver': true } }));
    expect(filled.attributes.driverUniqueId).toBe('ann-7');
    const off = position();
    driverStage(input(off, undefined, { drivers }));
    expect(off.attributes.driverUniqueId).toBeUndefined();
    const reported = position({ attributes: { driverUniqueId: 'bob' } });
    driverStage(input(reported, undefined, { drivers, config: { 'processing.useLinkedDriver': true } }));
    expect(reported.attributes.driverUniqueId).toBe('bob');
  });
});

describe(copyAttributesStage.name, () => {
  it('copies listed attributes the position lacks from the last one', () => {
    const current = position({ attributes: { fuel: 3 } });
    copyAttributesStage(input(current, position({ attributes: { fuel: 9, io1: 1, io2: 2 } }), { config: { 'processing.copyAttributes.enable': true, 'processing.copyAttributes': 'fuel io1' } }));
    expect(current.attributes).toEqual({ fuel: 3, io1: 1 });
  });
});

describe(computedAttributesStage.name, () => {
  const attribute = (id: number, priority: number): ComputedAttribute => ({ id, description: `a${id}`, attribute: `a${id}`, expression: '1', type: 'number', priority });
  it('hands each pass its attributes, highest priority first', () => {
    const evaluate = vi.fn();
    const computedAttributes = [attribute(1, -1), attribute(2, 0), attribute(3, 5), attribute(4, -5)];
    const current = position();
    computedAttributesStage({ evaluate }, 'early')(input(current, undefined, { computedAttributes }));
    computedAttributesStage({ evaluate }, 'late')(input(current, undefined, { computedAttributes }));
    expect(evaluate.mock.calls.map((call) => (call[1] as ComputedAttribute[]).map((a) => a.id))).toEqual([[1, 4], [3, 2]]);
  });
});
