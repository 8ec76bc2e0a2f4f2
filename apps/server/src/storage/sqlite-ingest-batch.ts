import type SqliteDatabase from 'better-sqlite3';
import { columnsOf, quoted } from './ingest-rows.js';

type Row = Record<string, unknown>;

/**
 * One ingested message as the SQLite writer stores it: plain data, so it can cross to the writer
 * thread. Its position id was drawn before the write, because its events refer to it.
 */
export interface SqliteBatchItem {
  deviceId: number;
  received: number;
  position?: { id: number; fixTime: number; row: Row };
  /** Detector state to keep for the device, when it changed. */
  state?: string;
  /** Event rows (codecs.event), without ids. */
  events: Row[];
}

export interface SqliteBatchResult {
  /** The device's latest position after the write (the new one unless an older fix arrived late). */
  latestId: number;
  eventIds: number[];
}

// The new position becomes the latest unless the current latest has a later fix (or is gone).
const RECORD_MESSAGE = `update devices set status = 'online', "lastUpdate" = ?,
  "positionId" = case
    when "positionId" is null
      or not exists (select 1 from positions where positions.id = devices."positionId")
      or (select "fixTime" from positions where positions.id = devices."positionId") <= ?
    then ? else "positionId" end
  where id = ? returning "positionId"`;
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
  /** Inserts a row, with the given id when there is one; the rows of one table share their keys. */
  const insert = (table: string, row: Row, id?: number) => {
    const columns = columnsOf(row);
    const key = `${table}:${id === undefined ? '' : 'id,'}${columns.join(',')}`;
    let prepared = inserts.get(key);
    if (!prepared) {
      const names = id === undefined ? columns : ['id', ...columns];
      prepared = sqlite.prepare(`insert into ${table} (${names.map(quoted).join(', ')}) values (${names.map(() => '?').join(', ')})`);
      inserts.set(key, prepared);
    }
    const values = Object.values(row) as unknown[];
    return Number(prepared.run(id === undefined ? values : [id, ...values]).lastInsertRowid);
  };

  const writeOne = ({ deviceId, received, position, state, events }: SqliteBatchItem): SqliteBatchResult => {
    if (position) insert('positions', position.row, position.id);
    const latest = (position
      ? statement(RECORD_MESSAGE).get(received, position.fixTime, position.id, deviceId)
      : statement(MARK_ONLINE).get(received, deviceId)) as { positionId: number | null } | undefined;
    if (state !== undefined) statement(SAVE_STATE).run(deviceId, state);
    return { latestId: Number(latest?.positionId ?? 0), eventIds: events.map((row) => insert('events', row)) };
  };
  const writeAll = sqlite.transaction((items: SqliteBatchItem[]) => items.map(writeOne));
  return (items: SqliteBatchItem[]): SqliteBatchResult[] => writeAll.immediate(items);
};
