import { processNewMotion } from '../processing/events/motion/new-motion.processor.js';
import { motionWindowOf, nextMotionWindow, type MotionWindow } from '../processing/events/motion/motion-window.js';
import { processOldMotion, type OldMotionState } from '../processing/events/motion/old-motion.processor.js';
import type { MotionTransition } from '../processing/events/motion/motion-transition.js';
import { inMotion, type ReportPosition } from './report-position.js';
import type { MotionSettings } from './report-settings.js';

/** A motion event the replay produced, with the highest speed seen since the previous one. */
export interface MotionStep {
  type: 'deviceMoving' | 'deviceStopped';
  position: ReportPosition;
  maxSpeed: number;
}

/**
 * Replays positions, oldest first, through a fresh motion state machine — the same one the live
 * pipeline runs (processing/events/motion) — and returns the moving/stopped events it produces.
 * The first position's `motion` flag sets the initial state (and, with the new logic, the
 * reference point). Each step's events carry the running maxSpeed, which then restarts at 0.
 * @see reference/processing.md §5.3 (Slow method)
 */
export const createMotionReplay = (settings: MotionSettings) => {
  let first: ReportPosition | undefined;
  let last: ReportPosition | undefined;
  let initiallyMoving = false;
  let maxSpeed = 0;
  // new logic
  let moving = false;
  let reference: ReportPosition | undefined;
  let window: MotionWindow<ReportPosition> = motionWindowOf([]);
  // old logic
  let old: OldMotionState<ReportPosition> = { streak: false, raw: false, candidate: undefined };

  /** The old logic reads the flag from attributes; a position without one gets it from its speed. */
  const flagged = (position: ReportPosition): ReportPosition =>
    typeof position.attributes.motion === 'boolean' ? position : { ...position, attributes: { ...position.attributes, motion: inMotion(position, settings.speedThreshold) } };

  const transitionsOf = (position: ReportPosition): MotionTransition<ReportPosition>[] => {
    if (settings.logic === 'new') {
      const result = processNewMotion(moving, reference!, window, position, settings.parameters);
      window = nextMotionWindow(window, position, settings.parameters.minDuration);
      moving = result.moving;
      reference = result.reference;
      return result.transitions;
    }
    const result = processOldMotion(old, last, position, settings.parameters);
    old = result.state;
    return result.transitions;
  };

  return {
    push: (input: ReportPosition): MotionStep[] => {
      const position = settings.logic === 'old' ? flagged(input) : input;
      maxSpeed = Math.max(maxSpeed, position.speed);
      if (!first) {
        first = position;
        last = position;
        initiallyMoving = inMotion(position, settings.speedThreshold);
        moving = initiallyMoving;
        reference = position;
        window = motionWindowOf([position]);
        old = { streak: initiallyMoving, raw: initiallyMoving, candidate: undefined };
        return [];
      }
      const transitions = transitionsOf(position);
      last = position;
      if (transitions.length === 0) return [];
      const steps = transitions.map((t) => ({ type: t.type, position: t.point, maxSpeed }));
      maxSpeed = 0;
      return steps;
    },
    /** The first position and whether it was moving; undefined before any position. */
    get start(): { position: ReportPosition; moving: boolean } | undefined {
      return first ? { position: first, moving: initiallyMoving } : undefined;
    },
    get last(): ReportPosition | undefined {
      return last;
    },
    /** Highest speed since the last event. */
    get maxSpeed(): number {
      return maxSpeed;
    },
  };
};
