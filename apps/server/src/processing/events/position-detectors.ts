import type { DeviceState } from '../device-state.js';
import { detectAlarms } from './alarm.detector.js';
import { detectBehavior } from './behavior.detector.js';
import { detectCommandResult } from './command-result.detector.js';
import { detectDriverChange } from './driver.detector.js';
import { detectFuel } from './fuel.detector.js';
import { detectGeofences } from './geofence.detector.js';
import { detectIgnition } from './ignition.detector.js';
import { detectMaintenance } from './maintenance.detector.js';
import { detectMedia } from './media.detector.js';
import { detectMotion } from './motion.detector.js';
import { detectOverspeed } from './overspeed.detector.js';
import { NO_EVENTS, type DetectorInput, type PendingEvent } from './pending-event.js';

export interface DetectorsResult {
  events: readonly PendingEvent[];
  state: Pick<DeviceState, 'overspeed' | 'motion' | 'window'>;
}

/** Runs one step; a step that throws gives `fallback` instead (and is reported by the caller's guard). */
export type Guard = <A, T>(name: string, fallback: T, run: (arg: A) => T, arg: A) => T;

const unguarded: Guard = (_name, _fallback, run, arg) => run(arg);

type Detector = readonly [name: string, detect: (input: DetectorInput) => readonly PendingEvent[]];
const BEFORE_MOTION: readonly Detector[] = [
  ['behavior', detectBehavior],
  ['fuel', detectFuel],
];
const AFTER_MOTION: readonly Detector[] = [
  ['geofence', detectGeofences],
  ['alarm', detectAlarms],
  ['ignition', detectIgnition],
  ['maintenance', detectMaintenance],
  ['driver', detectDriverChange],
];

/**
 * The events found, gathered without spreading and into a list made only once one is found: nearly
 * every detector finds nothing, nearly every time.
 */
class FoundEvents {
  list: PendingEvent[] | undefined = undefined;

  add(found: readonly PendingEvent[]): void {
    if (found.length === 0) return;
    const list = (this.list ??= []);
    for (const event of found) list.push(event);
  }
}

/** What the detectors see, with the device's state before the position (the pipeline's stage input is one). */
export interface DetectorsInput extends DetectorInput {
  state: DeviceState;
}

// steps of their own rather than closures made at every position
const overspeedStep = (input: DetectorsInput) => detectOverspeed(input, input.state.overspeed);
const motionStep = (input: DetectorsInput) => detectMotion(input, input.state.motion, input.state.window);

const runEach = (detectors: readonly Detector[], input: DetectorInput, found: FoundEvents, guard: Guard) => {
  for (const [name, detect] of detectors) found.add(guard<DetectorInput, readonly PendingEvent[]>(name, NO_EVENTS, detect, input));
};

/**
 * Every event detector, in Traccar's order (reference §3.1): media, commandResult, overspeed,
 * behaviour, fuel, motion, geofence, alarm, ignition, maintenance, driver. Only media and
 * commandResult look at an out-of-order position; the rest need it to be the latest (§1.7).
 * `guard` runs each detector, so one failing detector cannot take the others down.
 */
export const runDetectors = (input: DetectorsInput, latest: boolean, guard: Guard = unguarded): DetectorsResult => {
  const { state } = input;
  const found = new FoundEvents();
  found.add(guard<DetectorInput, readonly PendingEvent[]>('media', NO_EVENTS, detectMedia, input));
  found.add(guard<DetectorInput, readonly PendingEvent[]>('commandResult', NO_EVENTS, detectCommandResult, input));
  if (!latest) return { events: found.list ?? NO_EVENTS, state };
  // a failed step leaves its part of the state as it was
  const overspeed = guard('overspeed', undefined, overspeedStep, input);
  const motion = guard('motion', undefined, motionStep, input);
  if (overspeed) found.add(overspeed.events);
  runEach(BEFORE_MOTION, input, found, guard);
  if (motion) found.add(motion.events);
  runEach(AFTER_MOTION, input, found, guard);
  return {
    events: found.list ?? NO_EVENTS,
    state: { overspeed: overspeed?.state ?? state.overspeed, motion: motion?.motion ?? state.motion, window: motion?.window ?? state.window },
  };
};
