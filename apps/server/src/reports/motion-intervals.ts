import { createMotionReplay, type MotionStep } from './motion-replay.js';
import { inMotion, type ReportPosition } from './report-position.js';
import type { MotionSettings } from './report-settings.js';

export type IntervalKind = 'trips' | 'stops';

/** A trip or a stop: from the position that opened it to the one that closed it. */
export interface MotionInterval {
  start: ReportPosition;
  end: ReportPosition;
  /** Knots; 0 when computed from stored events. */
  maxSpeed: number;
}

/**
 * Pairs motion events into trips or stops: an opening event (moving for trips, stopped for stops)
 * sets the start, the opposite event closes an item at its position; an item still open at the
 * end closes at the last position.
 * @see reference/processing.md §5.3
 */
export const createIntervalPairing = (kind: IntervalKind) => {
  const opening = kind === 'trips' ? 'deviceMoving' : 'deviceStopped';
  let start: ReportPosition | undefined;
  return {
    /** The first position opens an item when its motion state matches the report kind. */
    begin: (first: ReportPosition, moving: boolean): void => {
      if (moving === (kind === 'trips')) start = first;
    },
    step: (step: Pick<MotionStep, 'type' | 'position' | 'maxSpeed'>): MotionInterval | undefined => {
      if (step.type === opening) {
        start = step.position;
        return undefined;
      }
      if (!start) return undefined;
      const interval = { start, end: step.position, maxSpeed: step.maxSpeed };
      start = undefined;
      return interval;
    },
    finish: (last: ReportPosition, maxSpeed: number): MotionInterval | undefined => {
      const interval = start ? { start, end: last, maxSpeed } : undefined;
      start = undefined;
      return interval;
    },
  };
};

/**
 * Trips or stops from every position of the period (the slow method), fed oldest first and a chunk
 * at a time, so a long period never has to be in memory at once.
 */
export const createIntervalDetector = (kind: IntervalKind, settings: MotionSettings) => {
  const replay = createMotionReplay(settings);
  const pairing = createIntervalPairing(kind);
  let begun = false;
  return {
    push: (position: ReportPosition): MotionInterval[] => {
      const steps = replay.push(position);
      if (!begun && replay.start) {
        pairing.begin(replay.start.position, replay.start.moving);
        begun = true;
      }
      const intervals: MotionInterval[] = [];
      for (const step of steps) {
        const interval = pairing.step(step);
        if (interval) intervals.push(interval);
      }
      return intervals;
    },
    finish: (): MotionInterval[] => {
      const interval = replay.last ? pairing.finish(replay.last, replay.maxSpeed) : undefined;
      return interval ? [interval] : [];
    },
  };
};

/** The slow method over an in-memory list of positions, oldest first. */
export const detectIntervals = (kind: IntervalKind, positions: Iterable<ReportPosition>, settings: MotionSettings): MotionInterval[] => {
  const detector = createIntervalDetector(kind, settings);
  const intervals: MotionInterval[] = [];
  for (const position of positions) intervals.push(...detector.push(position));
  return [...intervals, ...detector.finish()];
};

/** A stored deviceMoving/deviceStopped event with the position it points at. */
export interface StoredMotionEvent {
  type: 'deviceMoving' | 'deviceStopped';
  position: ReportPosition;
}

/**
 * The fast method for long periods: pairs the moving/stopped events the live pipeline stored,
 * starting from the first position of the period when its `motion` flag matches, and closing an
 * open item at the last position. maxSpeed is 0 here.
 * @see reference/processing.md §5.3 (Fast method)
 */
export const intervalsFromEvents = (
  kind: IntervalKind,
  first: ReportPosition | undefined,
  events: Iterable<StoredMotionEvent>,
  last: ReportPosition | undefined,
  speedThreshold: number,
): MotionInterval[] => {
  if (!first || !last) return [];
  const pairing = createIntervalPairing(kind);
  pairing.begin(first, inMotion(first, speedThreshold));
  const intervals: MotionInterval[] = [];
  for (const event of events) {
    const interval = pairing.step({ ...event, maxSpeed: 0 });
    if (interval) intervals.push(interval);
  }
  const open = pairing.finish(last, 0);
  return open ? [...intervals, open] : intervals;
};
