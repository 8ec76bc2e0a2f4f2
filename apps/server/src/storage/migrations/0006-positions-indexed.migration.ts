import { sql, type Kysely } from 'kysely';
import { isSqlite } from './migration-dialect.js';

/**
 * SQLite: the indexed part of the `positions` view (migration 0005) as a view of its own, so that a
 * query by device can take the device's newest positions, not indexed yet, by id from the ids the
 * ingest drew for it (storage/sqlite-position-tail.ts, storage/device-positions.ts) instead of
 * reading every row of `positions_tail`. Its columns are made as 0005 makes those of `positions`:
 * the index's own device, fix time and id, so a query by device reads the index in its order.
 *
 * A later migration that adds a column to positions makes this view again, beside the others.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  if (!isSqlite(db)) return;
  const table = (await sql<{ name: string }>`select name from pragma_table_info('positions_data')`.execute(db)).rows;
  const columns = table.map(({ name }) => (['deviceId', 'fixTime', 'id'].includes(name) ? `i."${name}"` : `p."${name}"`));
  await sql
    .raw(`create view positions_indexed as
      select ${columns.join(', ')} from position_index i join positions_data p on p.id = i.id and +p."deviceId" = i."deviceId" and +p."fixTime" = i."fixTime"`)
    .execute(db);
};
