import { describe, expect, it } from 'vitest';
import { at, context, geofence, metresEast, pipelineHarness, position } from '../../../test/helpers/processing-fixtures.js';
import { detectGeofences } from './geofence.detector.js';

const geofenceEvents = (events: { type: string }[][]) => events.map((list) => list.filter((e) => e.type.startsWith('geofence')));
const radius = 100;
const zone = geofence(5, `CIRCLE (0 0, ${radius})`);
const outside = (minute: number) => position({ time: at(minute), longitude: metresEast(300) });
const inside = (minute: number) => position({ time: at(minute), longitude: metresEast(50) });

describe(detectGeofences.name, () => {
  it('raises enter when the device arrives and exit when it leaves, nothing while it stays', () => {
    const harness = pipelineHarness(context({ geofences: [zone] }));
    expect(geofenceEvents(harness.run([outside(0), inside(1), inside(2), outside(3), outside(4)]))).toEqual([
      [], [{ type: 'geofenceEnter', geofenceId: 5 }], [], [{ type: 'geofenceExit', geofenceId: 5 }], [],
    ]);
  });

  it('gives exits before enters when moving between overlapping geofences', () => {
    const deviceContext = context({ geofences: [geofence(1, 'CIRCLE (0 0, 10)'), geofence(2, 'CIRCLE (0 0, 10)')] });
    const events = detectGeofences({ position: position({ geofenceIds: [2] }), last: position({ geofenceIds: [1] }), context: deviceContext });
    expect(events.map((e) => [e.type, e.geofenceId])).toEqual([['geofenceExit', 1], ['geofenceEnter', 2]]);
  });

  it('does not flap for a device parked exactly on the boundary: on the radius counts as inside', () => {
    const harness = pipelineHarness(context({ geofences: [zone] }));
    const onBoundary = (minute: number) => position({ time: at(minute), longitude: metresEast(radius) * (1 - 1e-12) });
    expect(geofenceEvents(harness.run([outside(0), onBoundary(1), onBoundary(2), onBoundary(3), onBoundary(4)])).flat()).toEqual([{ type: 'geofenceEnter', geofenceId: 5 }]);
  });

  it('raises nothing for an out-of-order position, nor for a filtered one', () => {
    const harness = pipelineHarness(context({ geofences: [zone], config: { 'filter.invalid': true } }));
    const events = harness.run([outside(10), inside(5), { ...inside(11), valid: false }, outside(12)]);
    expect(geofenceEvents(events).flat()).toEqual([]);
  });

  it('skips geofences no longer linked to the device', () => {
    const events = detectGeofences({ position: position(), last: position({ geofenceIds: [77] }), context: context({ geofences: [zone] }) });
    expect(events).toEqual([]);
  });

  it('counts only while the geofence calendar is open', () => {
    const base = context({ geofences: [geofence(1, 'CIRCLE (0 0, 10)')] });
    const prepared = base.geofenceById.get(1)!;
    const open = { ...prepared, calendar: { contains: (instant: number) => instant < at(30) } };
    const deviceContext = { ...base, geofences: [open], geofenceById: new Map([[1, open]]) };
    const during = detectGeofences({ position: position({ time: at(10), geofenceIds: [1] }), last: position({ time: at(9) }), context: deviceContext });
    const after = detectGeofences({ position: position({ time: at(40), geofenceIds: [1] }), last: position({ time: at(39) }), context: deviceContext });
    expect(during.map((event) => event.type)).toEqual(['geofenceEnter']);
    expect(after).toEqual([]);
  });
});
