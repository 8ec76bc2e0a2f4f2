import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';
import { columnsOf, quoted } from './ingest-rows.js';
import type { IngestOutcome, IngestRecord, IngestWriter } from './ingest-writer.js';

type Row = Record<string, unknown>;

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
 * SQLite: the whole batch in one synchronous transaction of prepared statements, run while holding
 * Kysely's connection so it never interleaves with a transaction of the API.
 */
export const createSqliteIngestWriter = (db: Kysely<DatabaseSchema>, sqlite: SqliteDatabase.Database): IngestWriter => {
  const inserts = new Map<string, SqliteDatabase.Statement>();
  const insertInto = (table: string, row: Row) => {
    const columns = columnsOf(row);
    const key = `${table}:${columns.join(',')}`;
    let statement = inserts.get(key);
    if (!statement) {
      statement = sqlite.prepare(`insert into ${table} (${columns.map(quoted).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      inserts.set(key, statement);
    }
    return Number(statement.run(Object.values(row) as unknown[]).lastInsertRowid);
  };
  const recordMessage = sqlite.prepare(RECORD_MESSAGE);
  const markOnline = sqlite.prepare(MARK_ONLINE);
  const saveState = sqlite.prepare(SAVE_STATE);

  const writeOne = (record: IngestRecord): IngestOutcome => {
    const { deviceId, received, position } = record;
    const positionId = position ? insertInto('positions', position.row) : 0;
    const latest = (position
      ? recordMessage.get(received, position.fixTime, positionId, deviceId)
      : markOnline.get(received, deviceId)) as { positionId: number | null } | undefined;
    const { events, state } = record.complete(positionId);
    if (state !== undefined) saveState.run(deviceId, state);
    return {
      positionId,
      latestId: Number(latest?.positionId ?? 0),
      events: events.map((event) => ({ ...event, id: insertInto('events', codecs.event.toRow(event)) })),
    };
  };
  const writeAll = sqlite.transaction((records: IngestRecord[]) => records.map(writeOne));

  return {
    write: (records) => db.connection().execute(async () => writeAll(records)),
  };
};
