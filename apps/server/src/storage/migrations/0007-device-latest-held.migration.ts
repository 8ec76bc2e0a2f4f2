import { sql, type Kysely } from 'kysely';
import { isSqlite } from './migration-dialect.js';

/**
 * SQLite: where the ingest's writer records that it is holding back updates of `device_latest`
 * (storage/sqlite-device-latest.ts). While batches follow each other it writes each device's
 * latest position, status and last report at most about once a second instead of at every batch;
 * `heldAfter` is then the last position id whose device rows are written, so that after a crash the
 * positions stored since (ids above it) are made latest again, and null when nothing is held.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  if (!isSqlite(db)) return;
  await sql`create table device_latest_held (id integer primary key check (id = 1), "heldAfter" bigint)`.execute(db);
  await sql`insert into device_latest_held (id, "heldAfter") values (1, null)`.execute(db);
};
