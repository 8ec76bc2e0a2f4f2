import type { MotionState } from '../device-state.js';
import { processNewMotion } from './motion/new-motion.processor.js';
import { EMPTY_MOTION_WINDOW, nextPackedMotionWindow, type MotionWindow } from './motion/motion-window.js';
import { processOldMotion } from './motion/old-motion.processor.js';
import type { MotionTransition } from './motion/motion-transition.js';
import { motionEvent, NO_EVENTS, type DetectorInput, type PendingEvent } from './pending-event.js';

export interface MotionResult {
  events: readonly PendingEvent[];
  motion: MotionState;
  window: MotionWindow;
}

/**
 * deviceMoving / deviceStopped, by the same algorithm as the trips and stops reports: the
 * distance/time window logic by default, the `motion`-flag logic with `report.trip.newLogic=false`.
 * A device seen for the first time takes the current position as its reference, stopped.
 * @see reference/processing.md §3.2 (deviceMoving / deviceStopped), §5.3
 */
export const detectMotion = (input: DetectorInput, motion: MotionState | undefined, window: MotionWindow): MotionResult => {
  const { position, last, context } = input;
  const { settings } = context;
  const toEvents = (transitions: MotionTransition[]) => (transitions.length === 0 ? NO_EVENTS : transitions.map((t) => motionEvent(t.type, t.point, position, t.eventTime)));
  if (settings.boolean('report.trip.newLogic')) {
    const minDuration = settings.number('report.trip.minDuration') * 1000;
    if (motion?.logic !== 'new') return { events: NO_EVENTS, motion: { logic: 'new', moving: false, reference: position }, window: nextPackedMotionWindow(window, position, minDuration) };
    // before the next window: making it packs the newest point, which reading then made an object of
    const result = processNewMotion(motion.moving, motion.reference, window, position, {
      minDistance: settings.number('report.trip.minDistance'),
      minDuration,
      stopGap: settings.number('report.trip.stopGap') * 1000,
    });
    const nextWindow = nextPackedMotionWindow(window, position, minDuration);
    // the same state object when nothing changed, so storing it can be skipped without comparing
    const unchanged = result.moving === motion.moving && result.reference === motion.reference;
    return { events: toEvents(result.transitions), motion: unchanged ? motion : { logic: 'new', moving: result.moving, reference: result.reference }, window: nextWindow };
  }
  const state = motion?.logic === 'old' ? motion : { logic: 'old' as const, streak: false, raw: false, candidate: undefined };
  const result = processOldMotion(state, last, position, {
    minimalTripDistance: settings.number('report.trip.minimalTripDistance'),
    minimalTripDuration: settings.number('report.trip.minimalTripDuration') * 1000,
    minimalParkingDuration: settings.number('report.trip.minimalParkingDuration') * 1000,
    minimalNoDataDuration: settings.number('report.trip.minimalNoDataDuration') * 1000,
    useIgnition: settings.boolean('report.trip.useIgnition'),
  });
  return { events: toEvents(result.transitions), motion: { logic: 'old', ...result.state }, window: EMPTY_MOTION_WINDOW };
};
