import type { MotionPlace } from '../../device-state.js';
import { objectRings, PACKED_RINGS, ringOf, type MotionPointRing, type RingKind } from './motion-point-ring.js';

/**
 * The new motion logic's recent points, oldest first: the indexes [start, end) of a ring shared
 * with the windows before and after it. A device reporting every second keeps five minutes of
 * points; copying them for every position cost more than the rest of the motion detector. The next
 * window therefore appends to the ring when this one ends at its tip (the usual case) and only
 * moves its start. A window whose successor was computed but never committed no longer ends at the
 * tip: its next window copies its points into a new ring, so no window ever sees another branch's
 * points; so does one whose ring cannot take it (motion-point-ring.ts).
 */
export class MotionWindow<P extends MotionPlace = MotionPlace> {
  constructor(
    private readonly ring: MotionPointRing<P> | undefined,
    private readonly start: number,
    private readonly end: number,
    /** Fix times never decrease from oldest to newest (no late fix among them). */
    readonly ordered: boolean,
  ) {}

  get length(): number {
    return this.end - this.start;
  }

  /** The points its ring's memory holds: what the window costs. */
  get heldPoints(): number {
    return this.ring?.heldPoints ?? 0;
  }

  /** The point at `index`, 0 being the oldest (0 ≤ index < length); a new object for a packed point. */
  at(index: number): P {
    return this.ring!.at(this.start + index);
  }

  fixTimeAt(index: number): number {
    return this.ring!.fixTime(this.start + index);
  }

  latitudeAt(index: number): number {
    return this.ring!.latitude(this.start + index);
  }

  longitudeAt(index: number): number {
    return this.ring!.longitude(this.start + index);
  }

  /** Whether any point's coordinates pass `test` (read without making point objects). */
  somePlace(test: (latitude: number, longitude: number) => boolean): boolean {
    return this.ring !== undefined && this.ring.somePlace(this.start, this.end, test);
  }

  toArray(): P[] {
    return Array.from({ length: this.length }, (_, index) => this.at(index));
  }

  /**
   * The window from `first` (an index of this window) to this window's end, plus `point`, on a
   * ring of the given kind: stored points as numbers (the live detector) or whole (the reports).
   */
  extend(first: number, point: P, kind: RingKind<P>): MotionWindow<P> {
    const from = this.start + first;
    const ordered = this.ordered && (this.length === 0 || point.fixTime >= this.fixTimeAt(this.length - 1));
    const ring = this.ring;
    const target = (ring?.packed === kind.packed ? ring.continuation(this.start, from, this.end) : undefined) ?? kind.copy(ring, from, this.end);
    target.push(point);
    return new MotionWindow(target, from, this.end + 1, ordered);
  }
}

const inOrder = (points: readonly MotionPlace[]) => points.every((point, index) => index === 0 || point.fixTime >= points[index - 1]!.fixTime);

/** A window of the given points (whole), oldest first. */
export const motionWindowOf = <P extends MotionPlace>(points: readonly P[]): MotionWindow<P> =>
  new MotionWindow(points.length > 0 ? ringOf(points) : undefined, 0, points.length, inOrder(points));

export const EMPTY_MOTION_WINDOW: MotionWindow = motionWindowOf([]);

/**
 * Index of the newest point at least `minDuration` older than `time` (0 if none). In time order that
 * is found from the oldest end, a step or two after the last time; otherwise every point is looked at.
 */
const firstKept = (window: MotionWindow<MotionPlace>, time: number, minDuration: number): number => {
  if (window.ordered) {
    let first = 0;
    while (first + 1 < window.length && time - window.fixTimeAt(first + 1) >= minDuration) first++;
    return first;
  }
  for (let i = window.length - 1; i >= 0; i--) if (time - window.fixTimeAt(i) >= minDuration) return i;
  return 0;
};

const next = <P extends MotionPlace>(window: MotionWindow<P>, position: P, minDuration: number, kind: RingKind<P>): MotionWindow<P> => {
  if (minDuration <= 0) return motionWindowOf([position]);
  return window.extend(firstKept(window, position.fixTime, minDuration), position, kind);
};

/**
 * The window after `position`: everything within minDuration of it, plus the newest point at least
 * that old. The position goes in as it is (its id is assigned when it is stored).
 */
export const nextMotionWindow = <P extends MotionPlace>(window: MotionWindow<P>, position: P, minDuration: number): MotionWindow<P> =>
  next(window, position, minDuration, objectRings<P>());

/**
 * The same window for the live detector: its stored points kept as numbers, read back as places
 * (motion-point-ring.ts), so a device reporting every second keeps minutes of points without
 * objects for the garbage collector to trace.
 */
export const nextPackedMotionWindow = (window: MotionWindow, position: MotionPlace, minDuration: number): MotionWindow =>
  next(window, position, minDuration, PACKED_RINGS);
