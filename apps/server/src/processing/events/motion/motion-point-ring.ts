import type { MotionPoint } from '../../device-state.js';

/**
 * The points of motion windows by absolute index: index i lives in slot i mod capacity, so windows
 * sharing a ring move forward without copying. A ring never changes a point a window can see; the
 * window decides when it must copy instead of appending (motion-window.ts).
 */
export interface MotionPointRing {
  /** One past the newest index pushed. */
  readonly end: number;
  readonly capacity: number;
  /** The most points a window on this ring holds before it moves to a larger one (at most `capacity`). */
  readonly growAt: number;
  /** Whether stored points are kept as numbers rather than objects. */
  readonly packed: boolean;
  at(index: number): MotionPoint;
  fixTime(index: number): number;
  latitude(index: number): number;
  longitude(index: number): number;
  push(point: MotionPoint): void;
}

const MIN_CAPACITY = 8;

/** The smallest power of two that holds `count` points (a growing window doubles it: few copies). */
export const capacityFor = (count: number): number => {
  let capacity = MIN_CAPACITY;
  while (capacity < count) capacity *= 2;
  return capacity;
};

/** Whole points, as the reports need them: their trips start and end at window points. */
class ObjectRing implements MotionPointRing {
  readonly packed = false;
  private readonly points: (MotionPoint | undefined)[];
  private readonly mask: number;

  constructor(
    readonly capacity: number,
    public end: number,
  ) {
    this.points = new Array<MotionPoint | undefined>(capacity);
    this.mask = capacity - 1;
  }

  /** Whole points are the reports', which never start together: a window fills its ring. */
  get growAt(): number {
    return this.capacity;
  }

  at(index: number): MotionPoint {
    return this.points[index & this.mask]!;
  }

  fixTime(index: number): number {
    return this.at(index).fixTime;
  }

  latitude(index: number): number {
    return this.at(index).latitude;
  }

  longitude(index: number): number {
    return this.at(index).longitude;
  }

  push(point: MotionPoint): void {
    this.points[this.end++ & this.mask] = point;
  }
}

// columns of a packed point
const ID = 0;
const FIX_TIME = 1;
const DEVICE_TIME = 2;
const LATITUDE = 3;
const LONGITUDE = 4;
const TOTAL_DISTANCE = 5;
const COLUMNS = 6;

/**
 * The live detector's points: each stored point as six numbers in one typed array, the newest
 * (not yet stored, so without its id) as the position itself. Thousands of devices reporting every
 * second keep minutes of points each; as objects they were most of the heap the garbage collector
 * marks, as numbers they are none of it. Only what the detector and the durable state read is kept:
 * the running total distance of all the attributes.
 */
class PackedRing implements MotionPointRing {
  readonly packed = true;
  private readonly numbers: Float64Array;
  private readonly mask: number;
  /** Points not packed yet, oldest first: from index `packedEnd` to `end`. */
  private readonly whole: MotionPoint[] = [];
  private packedEnd: number;

  constructor(
    readonly capacity: number,
    public end: number,
    readonly growAt = capacity,
  ) {
    this.numbers = new Float64Array(capacity * COLUMNS);
    this.mask = capacity - 1;
    this.packedEnd = end;
  }

  at(index: number): MotionPoint {
    if (index >= this.packedEnd) return this.whole[index - this.packedEnd]!;
    const base = (index & this.mask) * COLUMNS;
    const totalDistance = this.numbers[base + TOTAL_DISTANCE]!;
    return {
      id: this.numbers[base + ID]!,
      fixTime: this.numbers[base + FIX_TIME]!,
      deviceTime: this.numbers[base + DEVICE_TIME]!,
      latitude: this.numbers[base + LATITUDE]!,
      longitude: this.numbers[base + LONGITUDE]!,
      attributes: Number.isNaN(totalDistance) ? {} : { totalDistance },
    };
  }

  fixTime(index: number): number {
    return this.read(index, FIX_TIME, 'fixTime');
  }

  latitude(index: number): number {
    return this.read(index, LATITUDE, 'latitude');
  }

  longitude(index: number): number {
    return this.read(index, LONGITUDE, 'longitude');
  }

  /** One number of a point: from its column once packed, from the position while it is whole. */
  private read(index: number, column: number, field: 'fixTime' | 'latitude' | 'longitude'): number {
    return index >= this.packedEnd ? this.whole[index - this.packedEnd]![field] : this.numbers[(index & this.mask) * COLUMNS + column]!;
  }

  /**
   * A ring of `capacity` holding this ring's points from `from` to `end` at the same indexes: the
   * packed ones copied as numbers (reading them with `at` made an object per point), the rest whole.
   */
  copy(from: number, end: number, capacity: number, growAt: number): PackedRing {
    const copy = new PackedRing(capacity, from, growAt);
    const packedEnd = Math.min(end, Math.max(from, this.packedEnd));
    for (let index = from; index < packedEnd; index++) {
      const source = (index & this.mask) * COLUMNS;
      const target = (index & copy.mask) * COLUMNS;
      for (let column = 0; column < COLUMNS; column++) copy.numbers[target + column] = this.numbers[source + column]!;
    }
    copy.packedEnd = packedEnd;
    for (let index = packedEnd; index < end; index++) copy.whole.push(this.whole[index - this.packedEnd]!);
    copy.end = end;
    return copy;
  }

  /** Packs the points stored by now (their id is set at the write), oldest first, then appends `point` whole. */
  push(point: MotionPoint): void {
    while (this.whole.length > 0 && this.whole[0]!.id > 0) this.pack(this.whole.shift()!);
    this.whole.push(point);
    this.end++;
  }

  private pack(point: MotionPoint): void {
    const base = (this.packedEnd++ & this.mask) * COLUMNS;
    const totalDistance = point.attributes.totalDistance;
    this.numbers[base + ID] = point.id;
    this.numbers[base + FIX_TIME] = point.fixTime;
    this.numbers[base + DEVICE_TIME] = point.deviceTime;
    this.numbers[base + LATITUDE] = point.latitude;
    this.numbers[base + LONGITUDE] = point.longitude;
    this.numbers[base + TOTAL_DISTANCE] = typeof totalDistance === 'number' ? totalDistance : NaN;
  }
}

/**
 * Where a packed ring of `capacity` stops taking points: a random part of up to a quarter of it is
 * left unused. A fleet that starts together (all its trackers reconnecting after a restart) and
 * reports at one rate filled its windows in step, so all of them moved to arrays twice as large in
 * the same second: 30-60 MB of array buffers at 64 and 128 points for 10,000 devices reporting
 * every second, two mark-compacts, and acks waiting 100-390 ms in that second. Spread over a
 * quarter of the points, the growth is spread over as many seconds. A window that settles in the
 * last quarter of a power of two may take an array twice as large; one reporting every second for
 * the 180 s of report.trip.minDuration (182 points) never does.
 */
const spreadGrowAt = (capacity: number): number => capacity - Math.floor(Math.random() * (capacity / 4));

/**
 * A new ring of the given kind holding `ring`'s points from `from` to `end`, at the same indexes,
 * with room for the point about to be pushed and, while that window is still the committed one,
 * the next; of `minCapacity` at least (twice the capacity of a ring its window outgrew).
 */
export const copyRing = (ring: MotionPointRing | undefined, from: number, end: number, packed: boolean, minCapacity = 0): MotionPointRing => {
  const needed = end - from + 2;
  let capacity = Math.max(capacityFor(needed), minCapacity);
  if (!packed) return copyInto(new ObjectRing(capacity, from), ring, from, end);
  let growAt = spreadGrowAt(capacity);
  if (growAt < needed) growAt = spreadGrowAt((capacity *= 2));
  if (ring instanceof PackedRing) return ring.copy(from, end, capacity, growAt);
  return copyInto(new PackedRing(capacity, from, growAt), ring, from, end);
};

const copyInto = (copy: MotionPointRing, ring: MotionPointRing | undefined, from: number, end: number): MotionPointRing => {
  for (let index = from; index < end; index++) copy.push(ring!.at(index));
  return copy;
};

/** A ring of whole points holding `points` at indexes 0 to length - 1. */
export const ringOf = (points: readonly MotionPoint[]): MotionPointRing => {
  const ring = new ObjectRing(capacityFor(points.length + 1), 0);
  for (const point of points) ring.push(point);
  return ring;
};
