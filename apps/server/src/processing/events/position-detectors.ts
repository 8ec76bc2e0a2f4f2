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

/**
 * Every event detector, in Traccar's order (reference §3.1): media, commandResult, overspeed,
 * behaviour, fuel, motion, geofence, alarm, ignition, maintenance, driver. Only media and
 * commandResult look at an out-of-order position; the rest need it to be the latest (§1.7).
 * `guard` runs each detector, so one failing detector cannot take the others down.
 */
export const runDetectors = (
  input: DetectorInput,
  state: DeviceState,
  latest: boolean,
  guard: <T>(name: string, fallback: T, run: () => T) => T = (_name, _fallback, run) => run(),
): DetectorsResult => {
  const events = [...guard('media', [], () => detectMedia(input)), ...guard('commandResult', [], () => detectCommandResult(input))];
  if (!latest) return { events, state };
  const overspeed = guard('overspeed', { events: [], state: state.overspeed }, () => detectOverspeed(input, state.overspeed));
  const unchangedMotion: Omit<MotionResult, 'motion'> & { motion: DeviceState['motion'] } = { events: [], motion: state.motion, window: state.window };
  const motion = guard('motion', unchangedMotion, () => detectMotion(input, state.motion, state.window));
  events.push(
    ...overspeed.events,
    ...guard('behavior', [], () => detectBehavior(input)),
    ...guard('fuel', [], () => detectFuel(input)),
    ...motion.events,
    ...guard('geofence', [], () => detectGeofences(input)),
    ...guard('alarm', [], () => detectAlarms(input)),
    ...guard('ignition', [], () => detectIgnition(input)),
    ...guard('maintenance', [], () => detectMaintenance(input)),
    ...guard('driver', [], () => detectDriverChange(input)),
  );
  return { events, state: { overspeed: overspeed.state, motion: motion.motion, window: motion.window } };
};
