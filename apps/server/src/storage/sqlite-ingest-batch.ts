import type SqliteDatabase from 'better-sqlite3';
import { columnsOf, quoted } from './ingest-rows.js';
import type { IngestRecord } from './ingest-writer.js';
import { createDeviceLatestWriter, type DeviceLatestOptions } from './sqlite-device-latest.js';
import type { PositionIndexer } from './sqlite-position-indexer.js';
import { preparedOnFirstUse } from './sqlite-prepared-statements.js';

/** Position rows a single insert statement stores at most. */
const ROWS_PER_INSERT = 32;

/**
 * A batch of ingested messages as it crosses to the writer thread: the distinct column lists of its
 * rows, its position rows, and every message's other fields, in flat lists of plain values. The
 * structured clone pays for every object it writes (its identity is kept in a table, an array's
 * length goes with it), so a tuple per message with arrays for its rows cost 0.85 µs a message to
 * build and post, against 0.30 for the same values in one list (200-message batches of distinct
 * GT06 rows).
 *
 * `positions` holds runs of rows with one column list, each at most ROWS_PER_INSERT rows long and
 * stored by one statement: the run's column list index, its number of rows, then per row its id
 * (drawn before the write, because its events refer to it) followed by its values in the order of
 * the columns.
 *
 * `values`, per message in order: deviceId, received, positionId (0 without a position), fixTime,
 * the detector state to keep for the device (null when it did not change), the number of event rows
 * (codecs.event, without ids), and per event the index of its column list followed by its values.
 */
export interface SqliteBatch {
  columns: (readonly string[])[];
  positions: unknown[];
  values: unknown[];
}

/**
 * What the writer thread answers, flat for the same reason: per message, the device's latest
 * position after the write (the new one unless an older fix arrived late), the number of events and
 * their ids.
 */
export type SqliteBatchResults = number[];

/**
 * The column list of a row, the same array as the last row's when the keys match, so that a batch
 * carries it once. One per table, so that consecutive rows usually match.
 */
export const createColumnSharer = () => {
  let last: string[] = [];
  // compared key by key, without making the row's list of keys each time
  const sameAsLast = (row: Record<string, unknown>) => {
    let index = 0;
    for (const key in row) if (key !== last[index++]) return false;
    return index === last.length;
  };
  return (row: Record<string, unknown>): readonly string[] => {
    if (!sameAsLast(row)) last = columnsOf(row);
    return last;
  };
};

/** Builds a {@link SqliteBatch} message by message; rows with the same keys in the same order share a column list. */
export const createBatchPacker = () => {
  const batch: SqliteBatch = { columns: [], positions: [], values: [] };
  const { positions, values } = batch;
  const positionColumns = createColumnSharer();
  const eventColumns = createColumnSharer();
  const indexOf = (columns: readonly string[]) => {
    const index = batch.columns.indexOf(columns);
    return index < 0 ? batch.columns.push(columns) - 1 : index;
  };
  // in the key order the column list was made from
  const pushValues = (list: unknown[], row: Record<string, unknown>) => {
    for (const key in row) list.push(row[key]);
  };
  /** Where the current run's row count is, and its column list index. */
  let runAt = -1;
  let runColumns = -1;
  const pushPosition = (id: number, row: Record<string, unknown>) => {
    const columns = indexOf(positionColumns(row));
    if (columns !== runColumns || positions[runAt] === ROWS_PER_INSERT) {
      runColumns = columns;
      runAt = positions.push(columns, 0) - 1;
    }
    (positions[runAt] as number)++;
    positions.push(id);
    pushValues(positions, row);
  };
  return {
    add: (deviceId: number, received: number, positionId: number, position: IngestRecord['position'], state: string | undefined, events: Record<string, unknown>[]): void => {
      if (position) pushPosition(positionId, position.row);
      values.push(deviceId, received, positionId, position?.fixTime ?? 0, state ?? null, events.length);
      for (const event of events) {
        values.push(indexOf(eventColumns(event)));
        pushValues(values, event);
      }
    },
    batch,
  };
};

// The device's row is updated in place, and inserted only for a device that has none: an upsert
// (insert ... on conflict do update) looked the row up twice and rewrote it, about 5 µs more of the
// writer's CPU a changed state (45 against 50 µs a report with an event and a state, four interleaved
// pairs of bench/sqlite-writer.ts with BENCH_EVENTS=1).
const UPDATE_STATE = `update processing_states set state = ? where "deviceId" = ?`;
const INSERT_STATE = `insert into processing_states ("deviceId", state) values (?, ?)`;

/**
 * Writes a batch in one immediate transaction of prepared statements (taking SQLite's write lock at
 * its start, so it never fails half-way on a lock another connection took). All or nothing. Its
 * positions go to `positions_data` only; `indexer` indexes them a few seconds later. The devices'
 * rows of `device_latest` are held back from batches `latestOptions.holdsRowsOf` names
 * (sqlite-device-latest.ts). Statements are prepared on first use: the connection may open before
 * the tables exist.
 */
export const createSqliteBatchWriter = (sqlite: SqliteDatabase.Database, indexer: PositionIndexer, latestOptions: DeviceLatestOptions = {}) => {
  const latest = createDeviceLatestWriter(sqlite, latestOptions);
  const statement = preparedOnFirstUse(sqlite);
  const inserts = new Map<string, SqliteDatabase.Statement>();
  /** An insert of `rows` rows of `columns`, each starting with its id when `withId`. */
  const insertStatement = (table: string, columns: readonly string[], rows: number, withId: boolean) => {
    const key = `${table}:${rows}:${withId ? 'id,' : ''}${columns.join(',')}`;
    let prepared = inserts.get(key);
    if (!prepared) {
      const names = withId ? ['id', ...columns] : columns;
      const row = `(${names.map(() => '?').join(', ')})`;
      prepared = sqlite.prepare(`insert into ${table} (${names.map(quoted).join(', ')}) values ${Array.from({ length: rows }, () => row).join(', ')}`);
      inserts.set(key, prepared);
    }
    return prepared;
  };
  // the rows of a batch share their column lists, so a statement is looked up once per list
  const eventInserts = new WeakMap<readonly string[], SqliteDatabase.Statement>();
  /** Inserts an event row; its id. */
  const insertEvent = (columns: readonly string[], values: unknown[]) => {
    let cached = eventInserts.get(columns);
    if (!cached) eventInserts.set(columns, (cached = insertStatement('events', columns, 1, false)));
    return Number(cached.run(values).lastInsertRowid);
  };
  /** Per column list of a batch, its position insert statement for each number of rows. */
  const positionInserts = new WeakMap<readonly string[], SqliteDatabase.Statement[]>();
  /**
   * Stores the position rows, a run of rows with one column list per statement: each run of a
   * statement costs the call into the driver and the statement's reset and start whatever its rows,
   * which every position paid when each had a run of its own (with runs of 32, the writer
   * benchmark's writer took 12.7 against 15.1 µs a position on average on an empty database, four
   * interleaved pairs).
   */
  const insertPositions = (columns: (readonly string[])[], positions: unknown[]) => {
    let at = 0;
    while (at < positions.length) {
      const list = columns[positions[at] as number]!;
      const rows = positions[at + 1] as number;
      const end = at + 2 + rows * (list.length + 1);
      let byRows = positionInserts.get(list);
      if (!byRows) positionInserts.set(list, (byRows = []));
      (byRows[rows] ??= insertStatement('positions_data', list, rows, true)).run(positions.slice(at + 2, end));
      at = end;
    }
  };

  /** Where a column list has the device and the fix time, for the index entries. */
  const indexColumns = new WeakMap<readonly string[], [deviceId: number, fixTime: number]>();
  /** The index entries of the batch's positions: device, fix time and id of each in turn. */
  const indexEntriesOf = ({ columns, positions }: SqliteBatch): number[] => {
    const entries: number[] = [];
    let at = 0;
    while (at < positions.length) {
      const list = columns[positions[at] as number]!;
      let where = indexColumns.get(list);
      if (!where) indexColumns.set(list, (where = [list.indexOf('deviceId'), list.indexOf('fixTime')]));
      const rows = positions[at + 1] as number;
      at += 2;
      for (let row = 0; row < rows; row++, at += list.length + 1) {
        entries.push(positions[at + 1 + where[0]] as number, positions[at + 1 + where[1]] as number, positions[at] as number);
      }
    }
    return entries;
  };
  const writeAll = sqlite.transaction(({ columns, positions, values }: SqliteBatch): SqliteBatchResults => {
    latest.begin(values.length > 0);
    insertPositions(columns, positions);
    const results: SqliteBatchResults = [];
    let at = 0;
    let messages = 0;
    for (; at < values.length; messages++) {
      const deviceId = values[at++] as number;
      const received = values[at++] as number;
      const positionId = values[at++] as number;
      const fixTime = values[at++] as number;
      const latestId = latest.record(deviceId, received, positionId, fixTime);
      const state = values[at++] as string | null;
      if (state !== null && statement(UPDATE_STATE).run(state, deviceId).changes === 0) statement(INSERT_STATE).run(deviceId, state);
      const events = values[at++] as number;
      results.push(latestId, events);
      for (let event = 0; event < events; event++) {
        const list = columns[values[at++] as number]!;
        results.push(insertEvent(list, values.slice(at, (at += list.length))));
      }
    }
    latest.settle(messages);
    return results;
  });
  const write = (batch: SqliteBatch): SqliteBatchResults => {
    if (batch.positions.length > 0) indexer.beforeWrite();
    let results: SqliteBatchResults;
    try {
      results = writeAll.immediate(batch);
    } catch (error) {
      latest.rolledBack();
      throw error;
    }
    latest.committed();
    if (batch.positions.length > 0) indexer.stored(indexEntriesOf(batch));
    return results;
  };
  /** Writes the device rows still held back (see sqlite-device-latest.ts): before the connection closes. */
  return Object.assign(write, { writeHeldLatest: latest.writeAll });
};

export type BatchPacker = ReturnType<typeof createBatchPacker>;
