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
import { detectMotion, type MotionResult } from './motion.detector.js';
import { detectOverspeed } from './overspeed.detector.js';
import type { DetectorInput, PendingEvent } from './pending-event.js';

export interface DetectorsResult {
  events: PendingEvent[];
  state: Pick<DeviceState, 'overspeed' | 'motion' | 'window'>;
}

/** Runs one step; a step that throws gives `fallback` instead (and is reported by the caller's guard). */
export type Guard = <A, T>(name: string, fallback: T, run: (arg: A) => T, arg: A) => T;

const unguarded: Guard = (_name, _fallback, run, arg) => run(arg);
const NONE: readonly PendingEvent[] = Object.freeze([]);

type Detector = readonly [name: string, detect: (input: DetectorInput) => PendingEvent[]];
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

/** Appends without spreading: nearly every detector finds nothing, nearly every time. */
const append = (events: PendingEvent[], found: readonly PendingEvent[]) => {
  for (const event of found) events.push(event);
};

const runEach = (detectors: readonly Detector[], input: DetectorInput, events: PendingEvent[], guard: Guard) => {
  for (const [name, detect] of detectors) append(events, guard<DetectorInput, readonly PendingEvent[]>(name, NONE, detect, input));
};

/**
 * Every event detector, in Traccar's order (reference §3.1): media, commandResult, overspeed,
 * behaviour, fuel, motion, geofence, alarm, ignition, maintenance, driver. Only media and
 * commandResult look at an out-of-order position; the rest need it to be the latest (§1.7).
 * `guard` runs each detector, so one failing detector cannot take the others down.
 */
export const runDetectors = (input: DetectorInput, state: DeviceState, latest: boolean, guard: Guard = unguarded): DetectorsResult => {
  const events: PendingEvent[] = [];
  append(events, guard<DetectorInput, readonly PendingEvent[]>('media', NONE, detectMedia, input));
  append(events, guard<DetectorInput, readonly PendingEvent[]>('commandResult', NONE, detectCommandResult, input));
  if (!latest) return { events, state };
  const overspeed = guard('overspeed', { events: [], state: state.overspeed }, (overspeedState) => detectOverspeed(input, overspeedState), state.overspeed);
  const unchangedMotion: Omit<MotionResult, 'motion'> & { motion: DeviceState['motion'] } = { events: [], motion: state.motion, window: state.window };
  const motion = guard('motion', unchangedMotion, (current) => detectMotion(input, current.motion, current.window), state);
  append(events, overspeed.events);
  runEach(BEFORE_MOTION, input, events, guard);
  append(events, motion.events);
  runEach(AFTER_MOTION, input, events, guard);
  return { events, state: { overspeed: overspeed.state, motion: motion.motion, window: motion.window } };
};
