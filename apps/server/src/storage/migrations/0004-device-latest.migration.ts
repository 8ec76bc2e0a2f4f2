import { sql, type Kysely } from 'kysely';
import { isSqlite } from './migration-dialect.js';

/**
 * What the server learns from a device's messages (its status, when it was last heard, its latest
 * position and that position's fix time) moves from the devices table to a narrow table of its own,
 * written with every message. A devices row holds the names, settings and attributes people edit,
 * so fewer fit a page: with trackers reporting in a random order, as fleets do, each message
 * dirtied nearly a page of it, and SQLite writes every dirty page whole to its WAL at each commit.
 * The fix time kept beside the latest position decides whether a late fix replaces it without a
 * lookup in the positions table. `devices_with_latest` gives the devices their API shape back; its
 * `d.*` is expanded when the view is made, so a migration that adds a column to devices makes the
 * view again.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('device_latest')
    // SQLite's INTEGER PRIMARY KEY is the row's own key: one b-tree to write, not a table and an index
    .addColumn('deviceId', isSqlite(db) ? 'integer' : 'bigint', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)')
    .addColumn('lastUpdate', 'bigint')
    .addColumn('positionId', 'bigint')
    .addColumn('fixTime', 'bigint')
    .execute();
  await sql`insert into device_latest ("deviceId", status, "lastUpdate", "positionId", "fixTime")
    select d.id, d.status, d."lastUpdate", d."positionId", (select p."fixTime" from positions p where p.id = d."positionId")
    from devices d where d.status is not null or d."lastUpdate" is not null or d."positionId" is not null`.execute(db);
  for (const column of ['status', 'lastUpdate', 'positionId']) await db.schema.alterTable('devices').dropColumn(column).execute();
  await sql`create view devices_with_latest as
    select d.*, l.status, l."lastUpdate", l."positionId" from devices d left join device_latest l on l."deviceId" = d.id`.execute(db);
};
