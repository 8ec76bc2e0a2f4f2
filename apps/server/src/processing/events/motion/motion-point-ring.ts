import type { MotionPlace } from '../../device-state.js';

/**
 * The points of motion windows by absolute index, so that windows sharing a ring move forward
 * without copying. A ring never changes a point a window can see; it tells the window whether its
 * next point may be appended (`continuation`), otherwise the window copies (motion-window.ts).
 */
export interface MotionPointRing<P extends MotionPlace> {
  /** One past the newest index pushed. */
  readonly end: number;
  /** Whether stored points are kept as numbers rather than objects. */
  readonly packed: boolean;
  /** The points the ring's memory holds: what its windows cost. */
  readonly heldPoints: number;
  at(index: number): P;
  fixTime(index: number): number;
  latitude(index: number): number;
  longitude(index: number): number;
  /** Whether any point from `from` to `end` has coordinates that pass `test`. */
  somePlace(from: number, end: number, test: (latitude: number, longitude: number) => boolean): boolean;
  /**
   * The ring the window [start, end) continues on as [from, end + 1): this one, or one that shares
   * its memory; undefined when the window must copy its points (a point was appended after it, or
   * this ring is too small or far too large for it).
   */
  continuation(start: number, from: number, end: number): MotionPointRing<P> | undefined;
  push(point: P): void;
}

const MIN_CAPACITY = 8;

/** The smallest power of two that holds `count` points (a growing window doubles it: few copies). */
export const capacityFor = (count: number): number => {
  let capacity = MIN_CAPACITY;
  while (capacity < count) capacity *= 2;
  return capacity;
};

/** Whole points, as the reports need them: their trips start and end at window points. */
class ObjectRing<P extends MotionPlace> implements MotionPointRing<P> {
  readonly packed = false;
  private readonly points: (P | undefined)[];
  private readonly mask: number;

  constructor(
    readonly capacity: number,
    public end: number,
  ) {
    this.points = new Array<P | undefined>(capacity);
    this.mask = capacity - 1;
  }

  get heldPoints(): number {
    return this.capacity;
  }

  at(index: number): P {
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

  somePlace(from: number, end: number, test: (latitude: number, longitude: number) => boolean): boolean {
    for (let index = from; index < end; index++) if (test(this.latitude(index), this.longitude(index))) return true;
    return false;
  }

  continuation(start: number, from: number, end: number): MotionPointRing<P> | undefined {
    if (end !== this.end) return undefined;
    // the window's own points stay as they are: it is the committed one until the next commit
    if (end + 1 - start > this.capacity) return undefined;
    // far larger than the window (a device that reported often, then less): copied to a smaller one
    return this.capacity <= capacityFor(end + 2 - from) * 2 ? this : undefined;
  }

  push(point: P): void {
    this.points[this.end++ & this.mask] = point;
  }
}

// columns of a packed point
const ID = 0;
const FIX_TIME = 1;
const LATITUDE = 2;
const LONGITUDE = 3;
const COLUMNS = 4;

const MIN_CHUNK = 8;
const MAX_CHUNK = 128;

/**
 * The points of a packed ring's next chunk: a quarter of what the ring spans, so a window lives in
 * four to six chunks, less a random part of up to half. Sizes that follow the window let it grow
 * without copying; the random part keeps a fleet that starts together (every tracker
 * reconnecting after a restart) from taking new chunks in the same second.
 */
const chunkPointsFor = (span: number): number => {
  let points = MIN_CHUNK;
  while (points < MAX_CHUNK && points * 4 < span) points *= 2;
  return points - Math.floor(Math.random() * (points / 2));
};

/** NaNs to copy chunks from: a copy of an array of doubles is one (its numbers stored unboxed, which the collector does not trace). */
const CHUNK_TEMPLATE: number[] = [];
for (let index = 0; index < MAX_CHUNK * COLUMNS; index++) CHUNK_TEMPLATE.push(NaN);

const newChunk = (points: number): number[] => CHUNK_TEMPLATE.slice(0, points * COLUMNS);

/**
 * The live detector's points: each stored point as four numbers in a chunk (id, fix time,
 * latitude, longitude: all the new motion logic reads of it), the newest (not yet stored, so
 * without its id) as the position itself. Thousands of devices reporting every second keep minutes
 * of points each; as objects they were most of the heap the garbage collector marks, as numbers
 * they are none of it. The device time and total distance once kept as well made every chunk half
 * as large again, for nothing the new logic reads.
 *
 * A window grows a chunk at a time and drops the chunks it has passed: no array is ever copied to
 * a larger one. Arrays that doubled as windows filled made the fleet's array memory twice its final
 * size, in steps taken together (490 MB for 10,000 devices at three reports a second).
 *
 * Chunks are arrays of doubles in V8's heap, not typed arrays: a typed array's memory is outside
 * the heap, and V8 starts a mark-compact for every 64 MB of it taken since the last, whatever the
 * heap's size. A fleet at 30,000 positions/s takes chunks at 1.4-2.5 MB/s, as its windows grow and
 * then as they move on, so that was a mark-compact every 25 s for as long as the fleet reported,
 * each one an acknowledgement spike. In the heap they count toward the old generation, whose limit
 * grows with it.
 *
 * Dropping passed chunks makes a ring holding fewer of them; the ring it replaces keeps its chunks
 * for the window still on it (the committed one) and takes no more points.
 */
class PackedRing implements MotionPointRing<MotionPlace> {
  readonly packed = true;
  /** Set once a ring without the chunks its windows have passed took its place. */
  private superseded = false;

  private constructor(
    /** The lowest index a window on this ring reads. */
    private readonly floor: number,
    private readonly chunks: number[][],
    /** The index of each chunk's first point. */
    private readonly starts: number[],
    public end: number,
    private packedEnd: number,
    /** Points not packed yet, oldest first: from index `packedEnd` to `end`. */
    private readonly whole: MotionPlace[],
  ) {}

  static empty(from: number): PackedRing {
    return new PackedRing(from, [], [], from, from, []);
  }

  /**
   * Which chunk holds `index` (a packed point at or after the floor), searched from the nearer end:
   * the detector reads the oldest and the newest points most.
   */
  private chunkOf(index: number): number {
    const starts = this.starts;
    let chunk = 0;
    if (index - starts[0]! < this.end - index) {
      while (chunk + 1 < starts.length && starts[chunk + 1]! <= index) chunk++;
    } else {
      chunk = starts.length - 1;
      while (starts[chunk]! > index) chunk--;
    }
    return chunk;
  }

  /** One past the last index chunk `chunk` has room for. */
  private chunkEnd(chunk: number): number {
    return this.starts[chunk]! + this.chunks[chunk]!.length / COLUMNS;
  }

  /** The points the chunks from `first` on have room for. */
  private pointsInChunks(first: number): number {
    let points = 0;
    for (let chunk = first; chunk < this.chunks.length; chunk++) points += this.chunks[chunk]!.length / COLUMNS;
    return points;
  }

  /** One number of a point: from its chunk once packed, from the position while it is whole. */
  private read(index: number, column: number, field: 'fixTime' | 'latitude' | 'longitude'): number {
    if (index >= this.packedEnd) return this.whole[index - this.packedEnd]![field];
    const chunk = this.chunkOf(index);
    return this.chunks[chunk]![(index - this.starts[chunk]!) * COLUMNS + column]!;
  }

  at(index: number): MotionPlace {
    if (index >= this.packedEnd) return this.whole[index - this.packedEnd]!;
    const chunk = this.chunkOf(index);
    const numbers = this.chunks[chunk]!;
    const base = (index - this.starts[chunk]!) * COLUMNS;
    return { id: numbers[base + ID]!, fixTime: numbers[base + FIX_TIME]!, latitude: numbers[base + LATITUDE]!, longitude: numbers[base + LONGITUDE]! };
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

  somePlace(from: number, end: number, test: (latitude: number, longitude: number) => boolean): boolean {
    const packedEnd = Math.min(end, this.packedEnd);
    for (let chunk = from < packedEnd ? this.chunkOf(from) : this.chunks.length; chunk < this.chunks.length; chunk++) {
      const numbers = this.chunks[chunk]!;
      const start = this.starts[chunk]!;
      const last = Math.min(packedEnd, this.chunkEnd(chunk));
      for (let index = Math.max(from, start); index < last; index++) {
        const base = (index - start) * COLUMNS;
        if (test(numbers[base + LATITUDE]!, numbers[base + LONGITUDE]!)) return true;
      }
    }
    for (let index = Math.max(from, this.packedEnd); index < end; index++) {
      const point = this.whole[index - this.packedEnd]!;
      if (test(point.latitude, point.longitude)) return true;
    }
    return false;
  }

  continuation(_start: number, from: number, end: number): MotionPointRing<MotionPlace> | undefined {
    if (this.superseded || end !== this.end) return undefined;
    let passed = 0;
    while (passed < this.chunks.length && this.chunkEnd(passed) <= from) passed++;
    const held = this.pointsInChunks(passed);
    // a device that reported often, then seldom (parked): its window is copied into chunks of its size
    if (held > 4 * Math.max(end + 1 - from, MIN_CHUNK)) return undefined;
    if (passed === 0) return this;
    this.superseded = true;
    return new PackedRing(from, this.chunks.slice(passed), this.starts.slice(passed), this.end, this.packedEnd, this.whole.slice());
  }

  /** Packs the points stored by now (their id is set at the write), oldest first, then appends `point` whole. */
  push(point: MotionPlace): void {
    while (this.whole.length > 0 && this.whole[0]!.id > 0) this.pack(this.whole.shift()!);
    this.whole.push(point);
    this.end++;
  }

  private pack(point: MotionPlace): void {
    const index = this.packedEnd++;
    // a point the window has already passed: no window on this ring reads it
    if (index < this.floor) return;
    let chunk = this.chunks.length - 1;
    if (chunk < 0 || index >= this.chunkEnd(chunk)) {
      chunk = this.chunks.push(newChunk(chunkPointsFor(this.end - this.floor))) - 1;
      this.starts.push(index);
    }
    const numbers = this.chunks[chunk]!;
    const base = (index - this.starts[chunk]!) * COLUMNS;
    numbers[base + ID] = point.id;
    numbers[base + FIX_TIME] = point.fixTime;
    numbers[base + LATITUDE] = point.latitude;
    numbers[base + LONGITUDE] = point.longitude;
  }

  get heldPoints(): number {
    return this.pointsInChunks(0) + this.whole.length;
  }
}

const copyInto = <P extends MotionPlace>(copy: MotionPointRing<P>, ring: MotionPointRing<P> | undefined, from: number, end: number): MotionPointRing<P> => {
  for (let index = from; index < end; index++) copy.push(ring!.at(index));
  return copy;
};

/** A kind of ring: whether it packs its stored points, and how a window's points are copied into a new one of that kind. */
export interface RingKind<P extends MotionPlace> {
  readonly packed: boolean;
  /** Copies `ring`'s points from `from` to `end` into a new ring of this kind, at the same indexes. */
  copy(ring: MotionPointRing<P> | undefined, from: number, end: number): MotionPointRing<P>;
}

/** Whole points; a copy has room for the point about to be pushed and, while that window is still the committed one, the next. */
export const objectRings = <P extends MotionPlace>(): RingKind<P> => OBJECT_RINGS as RingKind<P>;

const OBJECT_RINGS: RingKind<MotionPlace> = {
  packed: false,
  copy: (ring, from, end) => copyInto(new ObjectRing<MotionPlace>(capacityFor(end - from + 2), from), ring, from, end),
};

/** Places, each stored one four numbers. */
export const PACKED_RINGS: RingKind<MotionPlace> = {
  packed: true,
  copy: (ring, from, end) => copyInto(PackedRing.empty(from), ring, from, end),
};

/** A ring of whole points holding `points` at indexes 0 to length - 1. */
export const ringOf = <P extends MotionPlace>(points: readonly P[]): MotionPointRing<P> => {
  const ring = new ObjectRing<P>(capacityFor(points.length + 1), 0);
  for (const point of points) ring.push(point);
  return ring;
};
