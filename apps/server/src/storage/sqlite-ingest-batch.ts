import type SqliteDatabase from 'better-sqlite3';
import { columnsOf, quoted } from './ingest-rows.js';

/**
 * A row as it crosses to the writer thread: its values in the order of its column names. Rows with
 * the same columns share one `columns` array, which a batch then carries once (the structured clone
 * of a message sends a repeated object as a reference), instead of every row's keys again.
 */
export interface SqliteRow {
  columns: readonly string[];
  values: unknown[];
}

/**
 * One ingested message as the SQLite writer stores it: plain data, so it can cross to the writer
 * thread, and a tuple rather than objects, since the structured clone writes every object's keys
 * again while an array's elements go bare (half the cloning time on each side, measured). The
 * position's columns and values go as two elements rather than as a {@link SqliteRow} for the same
 * reason (0.44 instead of 0.72-0.88 µs a message to post a captured batch).
 */
export type SqliteBatchItem = [
  deviceId: number,
  received: number,
  /** Drawn before the write, because its events refer to it; 0 without a position. */
  positionId: number,
  fixTime: number,
  /** The position row's columns (shared by the rows of a batch) and values; absent without a position. */
  positionColumns: readonly string[] | undefined,
  positionValues: unknown[] | undefined,
  /** Detector state to keep for the device, when it changed. */
  state: string | undefined,
  /** Event rows (codecs.event), without ids. */
  events: SqliteRow[],
];

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

/** Turns rows into {@link SqliteRow}s whose column lists are shared (see {@link createColumnSharer}). */
export const createRowPacker = () => {
  const columns = createColumnSharer();
  return (row: Record<string, unknown>): SqliteRow => ({ columns: columns(row), values: Object.values(row) });
};

/** What the writer thread answers per item, a tuple for the same reason. */
export type SqliteBatchResult = [
  /** The device's latest position after the write (the new one unless an older fix arrived late). */
  latestId: number,
  eventIds: number[],
];

// The new position becomes the latest unless the current latest has a later fix; a device without
// one (or whose latest is gone) takes it too: one lookup of the latest's fix time either way. Its
// count of changed rows tells whether it did. A RETURNING clause, which SQLite runs through a table
// of its own for each statement, cost about 2 µs more a position (with its insert 8.0-9.0 against
// 6.0-6.7 µs, 10,000 devices in turn, batches of 200).
const RECORD_LATEST = `update devices set status = 'online', "lastUpdate" = ?, "positionId" = ?
  where id = ? and coalesce((select "fixTime" <= ? from positions where positions.id = devices."positionId"), 1)`;
/** A message without a position, or one whose fix is older than the device's latest. */
const MARK_ONLINE = `update devices set status = 'online', "lastUpdate" = ? where id = ? returning "positionId"`;
const SAVE_STATE = `insert into processing_states ("deviceId", state) values (?, ?) on conflict ("deviceId") do update set state = excluded.state`;

/**
 * Writes a batch in one immediate transaction of prepared statements (taking SQLite's write lock at
 * its start, so it never fails half-way on a lock another connection took). All or nothing.
 * Statements are prepared on first use: the connection may open before the tables exist.
 */
export const createSqliteBatchWriter = (sqlite: SqliteDatabase.Database) => {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const statement = (sql: string) => {
    let prepared = statements.get(sql);
    if (!prepared) statements.set(sql, (prepared = sqlite.prepare(sql)));
    return prepared;
  };
  const inserts = new Map<string, SqliteDatabase.Statement>();
  // the rows of a batch share their column lists, so a statement is looked up once per list
  const insertsByColumns = new WeakMap<readonly string[], { table: string; withId: boolean; statement: SqliteDatabase.Statement }>();
  const insertStatement = (table: string, columns: readonly string[], withId: boolean) => {
    const key = `${table}:${withId ? 'id,' : ''}${columns.join(',')}`;
    let prepared = inserts.get(key);
    if (!prepared) {
      const names = withId ? ['id', ...columns] : columns;
      prepared = sqlite.prepare(`insert into ${table} (${names.map(quoted).join(', ')}) values (${names.map(() => '?').join(', ')})`);
      inserts.set(key, prepared);
    }
    return prepared;
  };
  /** Inserts a row, with the given id when there is one. */
  const insert = (table: string, columns: readonly string[], values: unknown[], id?: number) => {
    const withId = id !== undefined;
    let cached = insertsByColumns.get(columns);
    if (cached?.table !== table || cached.withId !== withId) insertsByColumns.set(columns, (cached = { table, withId, statement: insertStatement(table, columns, withId) }));
    return Number(cached.statement.run(withId ? [id, ...values] : values).lastInsertRowid);
  };

  /** Records a message that leaves the device's latest position as it is; that position's id (0 for none, or a device gone). */
  const markOnline = (deviceId: number, received: number): number => {
    const device = statement(MARK_ONLINE).get(received, deviceId) as { positionId: number | null } | undefined;
    return Number(device?.positionId ?? 0);
  };

  const writeOne = ([deviceId, received, positionId, fixTime, positionColumns, positionValues, state, events]: SqliteBatchItem): SqliteBatchResult => {
    const position = positionColumns !== undefined && positionValues !== undefined;
    if (position) insert('positions', positionColumns, positionValues, positionId);
    const latestId = position && statement(RECORD_LATEST).run(received, positionId, deviceId, fixTime).changes > 0 ? positionId : markOnline(deviceId, received);
    if (state !== undefined) statement(SAVE_STATE).run(deviceId, state);
    return [latestId, events.map((row) => insert('events', row.columns, row.values))];
  };
  const writeAll = sqlite.transaction((items: SqliteBatchItem[]) => items.map(writeOne));
  return (items: SqliteBatchItem[]): SqliteBatchResult[] => writeAll.immediate(items);
};
