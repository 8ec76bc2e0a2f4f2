import type SqliteDatabase from 'better-sqlite3';
import { preparedOnFirstUse } from './sqlite-prepared-statements.js';

/** How long the writer holds back a device's row of `device_latest` at most while batches keep coming. */
export const LATEST_HOLD_MS = 1000;
/** How long after the last batch held rows are written, once none has come. */
export const LATEST_IDLE_MS = 50;
/**
 * From how many messages a batch tells of a busy server, whose device rows the writer thread holds
 * back. The group commit makes a batch of what queued while the previous one was committing: an idle
 * server's batches hold a message or a few, a busy one's a hundred or more (150-180 at 20,000
 * positions/s on two cores).
 */
export const HOLD_FROM_MESSAGES = 32;

// The new position becomes the latest unless the current latest has a later fix; a device without
// one (or whose latest was deleted) takes it too. Its count of changed rows tells whether it did. A
// RETURNING clause, which SQLite runs through a table of its own for each statement, cost about
// 2 µs more a position (with its insert 8.0-9.0 against 6.0-6.7 µs, 10,000 devices in turn, batches
// of 200).
const RECORD_LATEST = `update device_latest set status = 'online', "lastUpdate" = ?, "positionId" = ?, "fixTime" = ?
  where "deviceId" = ? and coalesce("fixTime" <= ?, 1)`;
/** A message without a position, or one whose fix is older than the device's latest. */
const MARK_ONLINE = `update device_latest set status = 'online', "lastUpdate" = ? where "deviceId" = ? returning "positionId"`;
/** A device's first message: its row, unless the device is gone. */
const FIRST_HEARD = `insert into device_latest ("deviceId", status, "lastUpdate", "positionId", "fixTime")
  select ?, 'online', ?, ?, ? where exists (select 1 from devices where id = ?)`;
const LATEST_OF = `select "positionId", "fixTime" from device_latest where "deviceId" = ?`;
/**
 * A held latest position, once another connection has committed since it was held: unless the API
 * deleted it meanwhile or made a later fix the latest. Without such a commit, RECORD_LATEST (the
 * position's lookup cost as much as the update).
 */
const WRITE_HELD_LATEST = `update device_latest set status = 'online', "lastUpdate" = ?, "positionId" = ?, "fixTime" = ?
  where "deviceId" = ? and coalesce("fixTime" <= ?, 1) and exists (select 1 from positions_data where id = ?)`;
const WRITE_HELD_HEARD = `update device_latest set status = 'online', "lastUpdate" = ? where "deviceId" = ?`;
const HELD_AFTER = `select "heldAfter" from device_latest_held where id = 1`;
const SET_HELD_AFTER = `update device_latest_held set "heldAfter" = ? where id = 1`;
const STORED_AFTER = `select "deviceId", id, "fixTime", "serverTime" from positions_data where id > ? order by id`;
const LAST_STORED = `select coalesce(max(id), 0) from positions_data`;
/** Changes when another connection has committed since this one last asked. */
const DATA_VERSION = 'pragma data_version';

/** A device's row as the held batches leave it. */
interface Held {
  lastUpdate: number;
  positionId: number | null;
  fixTime: number | null;
  /** Whether the latest position is one of the held batches' and not written yet. */
  newLatest: boolean;
}

export interface DeviceLatestOptions {
  /**
   * Whether a batch of this many messages has its device rows held back. Given only for a connection
   * nothing else writes through (the writer thread's): the rows it then keeps in memory, and the
   * timer that writes held rows between batches, rely on that. Without it nothing is held or kept.
   */
  holdsRowsOf?: (messages: number) => boolean;
  holdMs?: number;
  idleMs?: number;
  now?: () => number;
}

/**
 * The ingest writer's updates of `device_latest` (status, last report, latest position), inside its
 * batches' transactions. Each device's row is a few dozen bytes, so 10,000 devices' rows fill about
 * 90 pages, and a batch of 150 reports in a fleet's random order dirtied nearly all of them: about
 * three quarters of the pages each commit wrote to the WAL and the checkpointer then copied. So the
 * rows of a busy server's batches (`holdsRowsOf`) are held back and written with a later batch: the
 * first one not held, or the first once they have been held for `holdMs`, or on their own once no
 * batch has come for `idleMs`. The API's reads then lag by a second at most, and only under such a
 * load; an idle server's batches write their rows with them, as before. Whether a message's position
 * becomes the latest is decided at once, from the held row or the stored one, so the batch's results
 * do not change.
 *
 * While rows are held, `device_latest_held` names the last position id whose device rows were
 * written; should the process die then, the first batch afterwards makes the positions stored after
 * it latest again, by the same rule. A held last report of a message without a position is then lost
 * (the device's next message brings it back).
 *
 * Call {@link begin} at the start of each batch's transaction, {@link record} for each message,
 * {@link settle} at its end, and {@link committed} or {@link rolledBack} once it is over. Its timer
 * writes on the connection between batches: only for a connection nothing else uses, the writer
 * thread's.
 */
export const createDeviceLatestWriter = (sqlite: SqliteDatabase.Database, { holdsRowsOf, holdMs = LATEST_HOLD_MS, idleMs = LATEST_IDLE_MS, now = Date.now }: DeviceLatestOptions = {}) => {
  const statement = preparedOnFirstUse(sqlite);
  /** A connection of its own: only then can it know that no other one changed a row (`pragma data_version`). */
  const ownConnection = holdsRowsOf !== undefined;

  /**
   * Each device's stored row as far as this writer knows: read once, then kept by its own writes,
   * and forgotten whenever another connection has committed (the API may have changed a row).
   */
  let known = new Map<number, Held>();
  let dataVersion: unknown;
  /** Whether another connection has committed since rows were last written: a held position may be gone. */
  let othersCommitted = false;
  /** Rows of committed batches not written yet, and the ones the current batch changes on top of them. */
  let held = new Map<number, Held>();
  let changing = new Map<number, Held>();
  /** Devices whose held latest position the current batch could not write: their rows are read again. */
  let unwritten: number[] = [];
  let heldSince = 0;
  let lastCommitAt = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  /** Whether `device_latest_held` says rows are held (as committed). */
  let markedHeld = false;
  /** The highest position id of the committed batches: every device row up to it is written or held. */
  let lastPositionId = -1;
  let batchLastPositionId = 0;
  /** Whether the current batch recovered what a crash left held: undone with it, should it fail. */
  let batchRecovered = false;
  /** What the current batch's {@link settle} did, applied once it commits. */
  let settled: 'wrote' | 'held' | 'nothing' = 'nothing';

  /** Writes a message's effect on its device's row at once: its first message, a crash's recovery, an idle server. */
  const recordNow = (deviceId: number, received: number, positionId: number, fixTime: number): number => {
    if (positionId > 0 && statement(RECORD_LATEST).run(received, positionId, fixTime, deviceId, fixTime).changes > 0) return positionId;
    const heard = statement(MARK_ONLINE).get(received, deviceId) as { positionId: number | null } | undefined;
    if (heard) return Number(heard.positionId ?? 0);
    const [latest, latestFix] = positionId > 0 ? [positionId, fixTime] : [null, null];
    return statement(FIRST_HEARD).run(deviceId, received, latest, latestFix, deviceId).changes > 0 ? positionId : 0;
  };

  /** Makes the positions stored after the held mark latest again, as their batches would have. */
  const recover = () => {
    const heldAfter = statement(HELD_AFTER).pluck().get() as number | null | undefined;
    if (heldAfter !== null && heldAfter !== undefined) {
      // read whole before writing (the connection runs one statement at a time): a second's positions at most
      const stored = statement(STORED_AFTER).raw().all(heldAfter) as [deviceId: number, id: number, fixTime: number, serverTime: number][];
      for (const [deviceId, id, fixTime, serverTime] of stored) recordNow(deviceId, serverTime, id, fixTime);
      statement(SET_HELD_AFTER).run(null);
    }
    lastPositionId = Number(statement(LAST_STORED).pluck().get());
  };

  const rowOf = (deviceId: number): Held | undefined => {
    const row = changing.get(deviceId) ?? held.get(deviceId) ?? known.get(deviceId);
    if (row) return row;
    const stored = statement(LATEST_OF).get(deviceId) as { positionId: number | null; fixTime: number | null } | undefined;
    if (!stored) return undefined;
    const read = { lastUpdate: 0, positionId: stored.positionId, fixTime: stored.fixTime, newLatest: false };
    if (ownConnection) known.set(deviceId, read);
    return read;
  };

  const writeLatest = (deviceId: number, { lastUpdate, positionId, fixTime }: Held) =>
    othersCommitted
      ? statement(WRITE_HELD_LATEST).run(lastUpdate, positionId, fixTime, deviceId, fixTime, positionId)
      : statement(RECORD_LATEST).run(lastUpdate, positionId, fixTime, deviceId, fixTime);

  /** Forgets the rows it knows once another connection has committed (inside a transaction, so none can commit until it ends). */
  const checkOthers = () => {
    const version = statement(DATA_VERSION).pluck().get();
    if (version === dataVersion) return;
    if (dataVersion !== undefined) othersCommitted = true;
    dataVersion = version;
    known = new Map();
  };

  /** Each device's row as the held batches and the current one leave it. */
  const forEachPending = (visit: (deviceId: number, row: Held) => void) => {
    for (const [deviceId, row] of held) if (!changing.has(deviceId)) visit(deviceId, row);
    for (const [deviceId, row] of changing) visit(deviceId, row);
  };

  const writeHeld = () =>
    forEachPending((deviceId, row) => {
      if (row.newLatest && writeLatest(deviceId, row).changes > 0) return;
      if (row.newLatest) unwritten.push(deviceId);
      statement(WRITE_HELD_HEARD).run(row.lastUpdate, deviceId);
    });

  /** The written rows become the known ones. */
  const wroteHeld = () => {
    if (ownConnection) {
      forEachPending((deviceId, row) => {
        row.newLatest = false;
        known.set(deviceId, row);
      });
    }
    for (const deviceId of unwritten) known.delete(deviceId);
    unwritten = [];
    othersCommitted = false;
    held = new Map();
    markedHeld = false;
  };

  /** Writes every held row, in a transaction of its own. */
  const writeAll = (): void => {
    clearTimeout(idleTimer);
    idleTimer = undefined;
    if (held.size === 0) return;
    try {
      sqlite.transaction(() => {
        checkOthers();
        writeHeld();
        statement(SET_HELD_AFTER).run(null);
      }).immediate();
    } catch (error) {
      unwritten = [];
      throw error;
    }
    wroteHeld();
  };

  function writeWhenIdle() {
    idleTimer = undefined;
    if (held.size === 0) return;
    const idleFor = now() - lastCommitAt;
    if (idleFor < idleMs) {
      idleTimer = setTimeout(writeWhenIdle, idleMs - idleFor).unref();
      return;
    }
    try {
      writeAll();
    } catch {
      // still held, and marked so: the next batch or idle moment tries again, a restart recovers them
      idleTimer = setTimeout(writeWhenIdle, idleMs).unref();
    }
  }

  return {
    /**
     * Starts a batch's part, in its transaction; the first with messages recovers what a crash left
     * held (an empty batch reads no table: the connection may open before the migrations ran).
     */
    begin: (anyMessages: boolean): void => {
      checkOthers();
      batchRecovered = anyMessages && lastPositionId < 0;
      if (batchRecovered) recover();
      batchLastPositionId = 0;
      settled = 'nothing';
    },

    /** A message's effect on its device's row; the device's latest position afterwards (0 for none, or a device gone). */
    record: (deviceId: number, received: number, positionId: number, fixTime: number): number => {
      if (positionId > batchLastPositionId) batchLastPositionId = positionId;
      const row = rowOf(deviceId);
      // a device's first message, or a device gone: nothing to hold
      if (!row) return recordNow(deviceId, received, positionId, fixTime);
      const newLatest = positionId > 0 && (row.fixTime === null || row.fixTime <= fixTime);
      changing.set(
        deviceId,
        newLatest ? { lastUpdate: received, positionId, fixTime, newLatest } : { lastUpdate: received, positionId: row.positionId, fixTime: row.fixTime, newLatest: row.newLatest },
      );
      return Number(newLatest ? positionId : (row.positionId ?? 0));
    },

    /** Ends the part of a batch of `messages` messages, in its transaction: writes the held rows, or holds them on. */
    settle: (messages: number): void => {
      if (held.size === 0 && changing.size === 0) return;
      if (!holdsRowsOf?.(messages) || (held.size > 0 && now() - heldSince >= holdMs)) {
        writeHeld();
        if (markedHeld) statement(SET_HELD_AFTER).run(null);
        settled = 'wrote';
        return;
      }
      if (!markedHeld) statement(SET_HELD_AFTER).run(lastPositionId);
      settled = 'held';
    },

    committed: (): void => {
      if (batchLastPositionId > lastPositionId) lastPositionId = batchLastPositionId;
      if (settled === 'wrote') {
        wroteHeld();
      } else if (settled === 'held') {
        if (held.size === 0) heldSince = now();
        for (const [deviceId, row] of changing) held.set(deviceId, row);
        markedHeld = true;
        lastCommitAt = now();
        idleTimer ??= setTimeout(writeWhenIdle, idleMs).unref();
      }
      changing = new Map();
    },

    /**
     * The batch wrote nothing: what it changed is forgotten, the rows held before it are kept, and
     * the rows it read are read again (it may have read what it had written itself).
     */
    rolledBack: (): void => {
      changing = new Map();
      unwritten = [];
      known = new Map();
      if (batchRecovered) lastPositionId = -1;
    },

    /** Writes every held row, in a transaction of its own: before the connection closes. */
    writeAll,
  };
};

export type DeviceLatestWriter = ReturnType<typeof createDeviceLatestWriter>;
