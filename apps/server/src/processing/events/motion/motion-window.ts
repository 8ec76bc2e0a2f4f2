import type { MotionPoint } from '../../device-state.js';

// Below this many dropped points a window never copies its buffer to reclaim them.
const MIN_RECLAIM = 64;

/**
 * The new motion logic's recent points, oldest first: a view [start, end) of a buffer shared with
 * the windows before and after it. A device reporting every second keeps five minutes of points;
 * copying them for every position cost more than the rest of the motion detector. The next window therefore appends to the buffer when this one ends
 * at its tip (the usual case) and only moves its start. A window whose successor was computed but
 * never committed no longer ends at the tip: its next window copies its points into a new buffer,
 * so no window ever sees another branch's points.
 */
export class MotionWindow {
  constructor(
    private readonly buffer: MotionPoint[],
    private readonly start: number,
    private readonly end: number,
    /** Fix times never decrease from oldest to newest (no late fix among them). */
    readonly ordered: boolean,
  ) {}

  get length(): number {
    return this.end - this.start;
  }

  /** The point at `index`, 0 being the oldest (0 ≤ index < length). */
  at(index: number): MotionPoint {
    return this.buffer[this.start + index]!;
  }

  some(test: (point: MotionPoint) => boolean): boolean {
    for (let i = this.start; i < this.end; i++) if (test(this.buffer[i]!)) return true;
    return false;
  }

  toArray(): MotionPoint[] {
    return this.buffer.slice(this.start, this.end);
  }

  /** The window from `first` (an index of this window) to this window's end, plus `point`. */
  extend(first: number, point: MotionPoint, shrink?: (point: MotionPoint) => MotionPoint): MotionWindow {
    const from = this.start + first;
    const atTip = this.end === this.buffer.length;
    const buffer = atTip && !(from >= MIN_RECLAIM && from * 2 >= this.buffer.length) ? this.buffer : this.buffer.slice(from, this.end);
    const start = buffer === this.buffer ? from : 0;
    const previous = buffer.length - 1;
    // the previous point is stored by now: keep only what the detector reads of it
    if (shrink && previous >= start && buffer[previous]!.id > 0) buffer[previous] = shrink(buffer[previous]!);
    const ordered = this.ordered && (this.length === 0 || point.fixTime >= this.at(this.length - 1).fixTime);
    buffer.push(point);
    return new MotionWindow(buffer, start, buffer.length, ordered);
  }
}

const inOrder = (points: readonly MotionPoint[]) => points.every((point, index) => index === 0 || point.fixTime >= points[index - 1]!.fixTime);

/** A window of the given points (copied), oldest first. */
export const motionWindowOf = (points: readonly MotionPoint[]): MotionWindow => new MotionWindow([...points], 0, points.length, inOrder(points));

export const EMPTY_MOTION_WINDOW = motionWindowOf([]);

/**
 * Index of the newest point at least `minDuration` older than `time` (0 if none). In time order that
 * is found from the oldest end, a step or two after the last time; otherwise every point is looked at.
 */
const firstKept = (window: MotionWindow, time: number, minDuration: number): number => {
  if (window.ordered) {
    let first = 0;
    while (first + 1 < window.length && time - window.at(first + 1).fixTime >= minDuration) first++;
    return first;
  }
  for (let i = window.length - 1; i >= 0; i--) if (time - window.at(i).fixTime >= minDuration) return i;
  return 0;
};

/**
 * The window after `position`: everything within minDuration of it, plus the newest point at least
 * that old. The position goes in as it is (its id is assigned when it is stored); `shrink` may reduce
 * the one before it, stored by now, so a device reporting every second keeps minutes of small points
 * rather than whole positions.
 */
export const nextMotionWindow = (window: MotionWindow, position: MotionPoint, minDuration: number, shrink?: (point: MotionPoint) => MotionPoint): MotionWindow => {
  if (minDuration <= 0) return motionWindowOf([position]);
  const first = firstKept(window, position.fixTime, minDuration);
  return window.extend(first, position, shrink);
}
