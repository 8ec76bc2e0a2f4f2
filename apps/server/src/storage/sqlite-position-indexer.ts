import type SqliteDatabase from 'better-sqlite3';
import { preparedOnFirstUse } from './sqlite-prepared-statements.js';

export interface PositionIndexerOptions {
  /**
   * How long new positions wait at least, from the first of them, before they are indexed. A device
   * reporting every second then adds five entries to its index page at a time instead of one, and
   * the tail stays small (50,000 rows at 10,000 positions/s): queries by device read it by the ids
   * the ingest drew (device-positions.ts); after a restart they read the positions drawn before it
   * from the tail itself, until the first pass (due at once) has indexed them.
   */
  delayMs: number;
  /**
   * Positions a device has waiting, on average, before a pass is due (once `delayMs` has passed): a
   * fleet reporting every 10 or 30 s, as most do, would otherwise add one entry to each device's index
   * page a pass, and write that page whole to the WAL for each of its positions.
   */
  entriesPerDevice: number;
  /** The longest positions wait for a pass, however few each device has waiting. */
  maxDelayMs: number;
  /** About as many positions as one transaction of a pass indexes (a device's are never split). */
  chunkRows: number;
  /**
   * How long a pass's chunks are spread over, so that the WAL takes a pass's index pages (about one
   * a device) evenly instead of within half a second, which is what 40 chunks of five seconds at
   * 16,000 positions/s took back to back.
   */
  spreadMs: number;
  now: () => number;
}

const DEFAULTS: PositionIndexerOptions = { delayMs: 5_000, entriesPerDevice: 4, maxDelayMs: 60_000, chunkRows: 2_000, spreadMs: 2_500, now: Date.now };

/** How often a pass waiting for more positions a device is looked at again. */
const RECHECK_MS = 1_000;

/** A row to index: device, fix time, id. */
type Entry = [deviceId: number, fixTime: number, id: number];

/**
 * The positions stored since the last pass began, by device: each device's fix times and ids in
 * turn, in the order stored. Kept as the writer stores them, so that a pass needs no query to find
 * them, nor a sort of all of them: reading and sorting 80,000 rows (five seconds at 16,000
 * positions/s) held the writer 150-280 ms at each pass.
 */
class PendingEntries {
  readonly byDevice = new Map<number, number[]>();
  count = 0;
  maxId = 0;

  add(deviceId: number, fixTime: number, id: number): void {
    let entries = this.byDevice.get(deviceId);
    if (!entries) this.byDevice.set(deviceId, (entries = []));
    entries.push(fixTime, id);
    this.count++;
    if (id > this.maxId) this.maxId = id;
  }
}

/** One device's entries in index order: by fix time, then id. */
const sortedEntries = (deviceId: number, flat: number[]): Entry[] => {
  const entries: Entry[] = [];
  for (let at = 0; at < flat.length; at += 2) entries.push([deviceId, flat[at]!, flat[at + 1]!]);
  return entries.sort((a, b) => a[1] - b[1] || a[2] - b[2]);
};

/** A pass under way: its devices in ascending order and how far it got. */
interface Pass {
  pending: PendingEntries;
  devices: number[];
  next: number;
  chunkGapMs: number;
}

/**
 * The ingest writer's side of the lazy `(deviceId, fixTime)` index (migration 0005): passes that
 * index the positions stored since the last, one chunk of devices a `step`, so that the batches of
 * trackers waiting for their acknowledgements go between two chunks. A chunk writes index pages
 * only, each device's once: the rows are already stored and the devices of two chunks share no
 * page. The pass's progress is stored with each chunk; a writer that starts again reads the
 * positions not indexed yet from the database and indexes them in its first pass.
 */
export const createPositionIndexer = (sqlite: SqliteDatabase.Database, options: Partial<PositionIndexerOptions> = {}) => {
  const { delayMs, entriesPerDevice, maxDelayMs, chunkRows, spreadMs, now } = { ...DEFAULTS, ...options };
  let pending: PendingEntries | undefined;
  /** When the oldest position not indexed yet was stored (undefined: none waiting). */
  let waitingSince: number | undefined;
  let pass: Pass | undefined;
  const statement = preparedOnFirstUse(sqlite);

  // read at the first use: the connection may open before the migrations ran
  const pendingEntries = (): PendingEntries => {
    if (pending) return pending;
    pending = new PendingEntries();
    for (const [deviceId, fixTime, id] of statement(`select "deviceId", "fixTime", id from positions_tail`).raw().iterate() as Iterable<Entry>) {
      pending.add(Number(deviceId), Number(fixTime), Number(id));
    }
    // they have waited already: the first pass is due at once
    if (pending.count > 0) waitingSince = now() - maxDelayMs;
    return pending;
  };

  /**
   * The end of the run of indexed positions from `from` on, id after id: past a pass, the positions
   * the API stored through the view since it began (indexed at once), up to the first gap (ids the
   * ingest drew for a batch it has not written yet) or the first position waiting for the next pass.
   */
  const indexedRunEnd = (from: number): number => {
    let through = from;
    const rows = statement(
      `select p.id, exists (select 1 from position_index x where x."deviceId" = p."deviceId" and x."fixTime" = p."fixTime" and x.id = p.id) from positions_data p where p.id > ? order by p.id`,
    ).raw();
    for (const [id, indexed] of rows.iterate(from) as Iterable<[number, number]>) {
      if (Number(id) !== through + 1 || !indexed) break;
      through++;
    }
    return through;
  };

  const indexChunk = (entries: Entry[], passThrough: number, first: boolean, last: boolean) => {
    if (first) statement(`update position_indexing set "passThrough" = ?, "devicesThrough" = 0 where id = 1`).run(passThrough);
    // a position deleted since it was stored has no entry; one the API stored through the view has one already
    statement(
      `insert or ignore into position_index ("deviceId", "fixTime", id) select p."deviceId", p."fixTime", p.id from json_each(?) j join positions_data p on p.id = j.value`,
    ).run(JSON.stringify(entries.map((entry) => entry[2])));
    if (last) statement(`update position_indexing set "indexedThrough" = ?, "devicesThrough" = 0 where id = 1`).run(indexedRunEnd(passThrough));
    else statement(`update position_indexing set "devicesThrough" = ? where id = 1`).run(entries.at(-1)![0]);
  };
  const indexInTransaction = sqlite.transaction(indexChunk);

  /** The next chunk of the pass: whole devices, about `chunkRows` entries, and where the chunk after it starts. */
  const nextChunk = (current: Pass): { entries: Entry[]; next: number } => {
    const entries: Entry[] = [];
    let next = current.next;
    while (next < current.devices.length && entries.length < chunkRows) {
      const deviceId = current.devices[next++]!;
      entries.push(...sortedEntries(deviceId, current.pending.byDevice.get(deviceId)!));
    }
    return { entries, next };
  };

  /** Milliseconds until a pass is due: 0 when due now, Infinity while every position is indexed. */
  const msUntilDue = (): number => {
    if (waitingSince === undefined) return Number.POSITIVE_INFINITY;
    const waited = now() - waitingSince;
    if (waited < delayMs) return delayMs - waited;
    const waiting = pendingEntries();
    if (waited >= maxDelayMs || waiting.count >= entriesPerDevice * waiting.byDevice.size) return 0;
    return Math.min(RECHECK_MS, maxDelayMs - waited);
  };

  /** Starts a pass over everything stored by now; what is stored from now on waits for the next. */
  const startPass = (): Pass => {
    const taken = pendingEntries();
    pending = new PendingEntries();
    waitingSince = undefined;
    const devices = [...taken.byDevice.keys()].sort((a, b) => a - b);
    const chunks = Math.max(1, Math.ceil(taken.count / chunkRows));
    return { pending: taken, devices, next: 0, chunkGapMs: spreadMs / chunks };
  };

  return {
    /**
     * Before a batch's write of positions: the positions not indexed yet are read then, once,
     * without the batch's own. Until then the indexer does nothing (a database may have no tables yet).
     */
    beforeWrite: (): void => void pendingEntries(),
    /** A batch committed these positions: device, fix time and id of each, one after the other. */
    stored: (entries: readonly number[]): void => {
      const waiting = pendingEntries();
      for (let at = 0; at < entries.length; at += 3) waiting.add(entries[at]!, entries[at + 1]!, entries[at + 2]!);
      if (entries.length > 0) waitingSince ??= now();
    },
    /**
     * One part of the work due: the first chunk of a pass due, or the next chunk of the pass under
     * way. Whether the pass goes on (its next chunk `chunkGapMs` later); otherwise the next pass is
     * `msUntilDue` away.
     */
    step: (): boolean => {
      if (!pass) {
        if (msUntilDue() > 0) return false;
        pass = startPass();
      }
      const { entries, next } = nextChunk(pass);
      const last = next === pass.devices.length;
      // a chunk that fails (the write lock held past the busy timeout) is tried again at the next step
      indexInTransaction.immediate(entries, pass.pending.maxId, pass.next === 0, last);
      pass.next = next;
      if (!last) return true;
      pass = undefined;
      return false;
    },
    chunkGapMs: (): number => pass?.chunkGapMs ?? 0,
    /** Milliseconds until the next pass is due, or until it is looked at again (Infinity while every position is indexed). */
    msUntilDue,
  };
};

export type PositionIndexer = ReturnType<typeof createPositionIndexer>;

/** How long a failed step (the write lock held past the busy timeout) waits before the next try. */
const RETRY_MS = 1_000;

/**
 * Runs the indexing on the writer's thread: a chunk at a time, spread over the pass so that the
 * batches waiting for the write go between them and the WAL grows evenly, and a timer for the next
 * pass while the ingest is quiet.
 */
export const startPositionIndexing = (indexer: PositionIndexer) => {
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let stopped = false;
  const run = () => {
    immediate = timer = undefined;
    if (stopped) return;
    let more: boolean;
    try {
      more = indexer.step();
    } catch {
      timer = setTimeout(run, RETRY_MS);
      return;
    }
    if (more) timer = setTimeout(run, indexer.chunkGapMs());
    else if (Number.isFinite(indexer.msUntilDue())) timer = setTimeout(run, indexer.msUntilDue());
  };
  return {
    /** A batch was written: a pass may be due, or to be timed. */
    poke: (): void => {
      if (!stopped && !immediate && !timer) immediate = setImmediate(run);
    },
    stop: (): void => {
      stopped = true;
      clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
    },
  };
};
