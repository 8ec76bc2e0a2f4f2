/**
 * The ids the ingest drew for each device's positions in the last moments, so that a query by device
 * can read its newest positions, not indexed yet, by id (migration 0006) instead of every row of the
 * tail: a device's page of positions read 200,000 rows (42.6 ms) during a 30,000/s ingest.
 */
export interface PositionTail {
  /** The ingest drew `positionId` for a position of `deviceId` (before its write). */
  drawn(deviceId: number, positionId: number): void;
  /**
   * The devices' ids drawn within the window, each device's newest first, and `knownFrom`: every id
   * the ingest drew from it on is remembered here. Older ids the tail may still hold are read from
   * the tail itself.
   */
  of(deviceIds: readonly number[]): { ids: number[]; knownFrom: number };
}

export interface PositionTailOptions {
  /** Room for ids at first; it doubles while the ids of the window do not fit. */
  capacity: number;
  /** Ids remembered at most: at 30,000 positions/s, 17 s of them (14 MiB). */
  maxCapacity: number;
  /**
   * How long an id is remembered: past it, the writer's indexing pass (5 to 60 s behind, and 2.5 s
   * for a pass) has almost surely indexed it. A lagging pass costs only speed: what is not
   * remembered is read from the tail.
   */
  windowMs: number;
  now: () => number;
}

const DEFAULTS: PositionTailOptions = { capacity: 4096, maxCapacity: 1 << 19, windowMs: 90_000, now: Date.now };

/** Above every id: nothing is known, the whole tail is read. */
export const NOTHING_KNOWN = Number.MAX_SAFE_INTEGER;

/**
 * A ring of the ids drawn, each linked to its device's previous one, in typed arrays: remembering an
 * id makes no object, so it adds nothing to what each scavenge copies. It grows with the rate, so a
 * small fleet's server holds a few kilobytes of it.
 */
export const createPositionTail = (options: Partial<PositionTailOptions> = {}): PositionTail => {
  const { maxCapacity, windowMs, now } = { ...DEFAULTS, ...options };
  let capacity = Math.min(options.capacity ?? DEFAULTS.capacity, maxCapacity);
  let ids = new Float64Array(capacity);
  let devices = new Float64Array(capacity);
  let times = new Float64Array(capacity);
  let previous = new Int32Array(capacity);
  const newest = new Map<number, number>();
  /** The slot the next id goes to; the `held` slots before it hold ids still remembered. */
  let next = 0;
  let held = 0;

  const ageOf = (slot: number) => (next - 1 - slot + capacity) % capacity;
  const oldestSlot = () => (next - held + capacity) % capacity;

  /** Forgets the ids drawn before the window. */
  const forgetOld = () => {
    const since = now() - windowMs;
    while (held > 0 && times[oldestSlot()]! < since) held--;
  };

  /** Twice the room, the ids held moved to its start in the order drawn, every link moved with them. */
  const grow = () => {
    const start = oldestSlot();
    const moved = (slot: number) => (slot < 0 ? -1 : (slot - start + capacity) % capacity);
    const size = Math.min(capacity * 2, maxCapacity);
    const [nextIds, nextDevices, nextTimes, nextPrevious] = [new Float64Array(size), new Float64Array(size), new Float64Array(size), new Int32Array(size)];
    for (let at = 0; at < held; at++) {
      const slot = (start + at) % capacity;
      nextIds[at] = ids[slot]!;
      nextDevices[at] = devices[slot]!;
      nextTimes[at] = times[slot]!;
      nextPrevious[at] = moved(previous[slot]!);
    }
    for (const [deviceId, slot] of newest) newest.set(deviceId, moved(slot));
    [ids, devices, times, previous] = [nextIds, nextDevices, nextTimes, nextPrevious];
    next = held % size;
    capacity = size;
  };

  /** Adds the device's remembered ids to `found`, newest first. */
  const collect = (deviceId: number, found: number[]) => {
    let slot = newest.get(deviceId) ?? -1;
    let above = Number.POSITIVE_INFINITY;
    // a slot written over since (the ring went round) belongs to another device or to a later id
    while (slot >= 0 && ageOf(slot) < held && devices[slot] === deviceId && ids[slot]! < above) {
      above = ids[slot]!;
      found.push(above);
      slot = previous[slot]!;
    }
  };

  return {
    drawn: (deviceId, positionId) => {
      if (held === capacity && capacity < maxCapacity) {
        forgetOld();
        if (held === capacity) grow();
      }
      ids[next] = positionId;
      devices[next] = deviceId;
      times[next] = now();
      previous[next] = newest.get(deviceId) ?? -1;
      newest.set(deviceId, next);
      next = (next + 1) % capacity;
      if (held < capacity) held++;
    },
    of: (deviceIds) => {
      forgetOld();
      // the slots keep the ids they forgot: the last drawn is before the next slot, whether held or not
      const knownFrom = held > 0 ? ids[oldestSlot()]! : newest.size === 0 ? NOTHING_KNOWN : ids[(next - 1 + capacity) % capacity]! + 1;
      const found: number[] = [];
      for (const deviceId of deviceIds) collect(deviceId, found);
      return { ids: found, knownFrom };
    },
  };
};
