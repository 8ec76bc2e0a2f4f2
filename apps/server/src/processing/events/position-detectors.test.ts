import { describe, expect, it } from 'vitest';
import { at, context, position } from '../../../test/helpers/processing-fixtures.js';
import { emptyDeviceState, type DeviceState } from '../device-state.js';
import { runDetectors, type Guard } from './position-detectors.js';

/** A device that was overspeeding and moving, as its state says. */
const stateBefore = (): DeviceState => {
  const reference = position({ time: at(0) });
  return { ...emptyDeviceState(), last: reference, motion: { logic: 'new', moving: true, reference }, overspeed: { on: true, time: at(0), geofenceId: 0 } };
};

describe(runDetectors.name, () => {
  it('gives every event found, in Traccar’s order, and one shared empty list when none is', () => {
    const deviceContext = context();
    const state = stateBefore();
    const input = { position: position({ time: at(1), attributes: { alarm: 'sos', ignition: true, result: 'ok' } }), last: position({ time: at(0), attributes: { ignition: false } }), context: deviceContext, state };
    expect(runDetectors(input, true).events.map((event) => event.type)).toEqual(['commandResult', 'alarm', 'ignitionOn']);
    const quiet = { position: position({ time: at(2) }), last: position({ time: at(1) }), context: deviceContext, state };
    const first = runDetectors(quiet, true).events;
    expect(first).toEqual([]);
    expect(runDetectors(quiet, true).events).toBe(first);
  });

  it('leaves the overspeed and motion state as they were when their detectors fail, and runs the others', () => {
    const state = stateBefore();
    const failing: Guard = (name, fallback, run, arg) => (name === 'overspeed' || name === 'motion' ? fallback : run(arg));
    const input = { position: position({ time: at(5), speed: 0, attributes: { alarm: 'sos' } }), last: position({ time: at(0) }), context: context({ config: { speedLimit: 10 } }), state };
    const result = runDetectors(input, true, failing);
    expect(result.events.map((event) => event.type)).toEqual(['alarm']);
    expect(result.state.overspeed).toBe(state.overspeed);
    expect(result.state.motion).toBe(state.motion);
    expect(result.state.window).toBe(state.window);
    // run as they are, the same detectors do change both
    const running = runDetectors(input, true);
    expect(running.state.overspeed).not.toBe(state.overspeed);
    expect(running.state.window).not.toBe(state.window);
  });
});
