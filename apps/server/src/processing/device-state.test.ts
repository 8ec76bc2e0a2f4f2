import { describe, expect, it } from 'vitest';
import { position } from '../../test/helpers/processing-fixtures.js';
import { emptyDeviceState, OVERSPEED_OFF, parseDurableState, serializeDurableState } from './device-state.js';

describe(serializeDurableState.name, () => {
  it('round-trips the motion and overspeed state, keeping the reference point’s id, time and place', () => {
    const reference = position({ id: 17, time: 5000, latitude: 1, longitude: 2, attributes: { totalDistance: 900, sat: 8 } });
    const state = { ...emptyDeviceState(), motion: { logic: 'new' as const, moving: true, reference }, overspeed: { on: true, time: 4000, geofenceId: 3 } };
    const restored = parseDurableState(serializeDurableState(state));
    expect(restored.overspeed).toEqual({ on: true, time: 4000, geofenceId: 3 });
    expect(restored.motion).toEqual({ logic: 'new', moving: true, reference: { id: 17, fixTime: 5000, latitude: 1, longitude: 2 } });
  });

  it('loads a reference stored by an earlier release, with its device time and distance, as its place alone', () => {
    const stored = JSON.stringify({ motion: { logic: 'new', moving: false, reference: { id: 9, fixTime: 7000, deviceTime: 6900, latitude: 3, longitude: 4, totalDistance: 120 } }, overspeed: null });
    expect(parseDurableState(stored).motion).toEqual({ logic: 'new', moving: false, reference: { id: 9, fixTime: 7000, latitude: 3, longitude: 4 } });
  });

  it('round-trips the old logic’s candidate, and survives garbage', () => {
    const state = { ...emptyDeviceState(), motion: { logic: 'old' as const, streak: false, raw: true, candidate: undefined } };
    expect(parseDurableState(serializeDurableState(state)).motion).toEqual({ logic: 'old', streak: false, raw: true, candidate: undefined });
    expect(parseDurableState('not json')).toEqual({ motion: undefined, overspeed: OVERSPEED_OFF });
  });
});
