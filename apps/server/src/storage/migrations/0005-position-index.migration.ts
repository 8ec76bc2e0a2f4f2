import { sql, type Kysely } from 'kysely';
import { isSqlite } from './migration-dialect.js';

/**
 * SQLite: the `(deviceId, fixTime)` index of positions becomes a table of its own, written a few
 * seconds of positions at a time, sorted by device (sqlite-position-indexer.ts). Once each device's
 * entries fill pages of their own, every position the ingest stored dirtied its device's last index
 * page, which went whole to the WAL at the commit and again to the database file: after a few days
 * of service that tripled the writer's cost a position. The rows themselves are only appended.
 *
 * `positions` becomes a view, so every query reads all positions as before: those indexed, found
 * through `position_index` (device, fix time, id), and the newest, not indexed yet, read from the
 * end of `positions_data` (`positions_tail`). An indexing pass indexes the rows up to
 * `passThrough` device by device; `devicesThrough` is the last device done, whose rows up to
 * `passThrough` are no longer in the tail. A position stored through the view (the API's) is indexed
 * at once, and moves `indexedThrough` to it when it is the next id (else a history bulk-loaded
 * through the view stayed in the tail, which every query read whole). Only the next id: the ingest
 * draws its ids before it writes, so a gap may be positions still on their way to the writer, which
 * must land in the tail. The tail skips the rows already indexed, so none is read twice.
 * PostgreSQL keeps its index: its pages are written by a checkpoint, not at every commit.
 *
 * A later migration that adds a column to positions adds it to `positions_data` and makes the
 * views and the insert trigger again.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  if (!isSqlite(db)) return;
  // AUTOINCREMENT's record follows the table
  await sql`alter table positions rename to positions_data`.execute(db);
  await sql`create table position_index ("deviceId" bigint not null, "fixTime" bigint not null, id bigint not null, primary key ("deviceId", "fixTime", id)) without rowid`.execute(db);
  // read in the old index's order, which is the new one's: no sort of every position
  await sql`insert into position_index ("deviceId", "fixTime", id) select "deviceId", "fixTime", id from positions_data order by "deviceId", "fixTime", id`.execute(db);
  await sql`drop index positions_device_fixtime`.execute(db);
  await sql`create table position_indexing (id integer primary key check (id = 1), "indexedThrough" bigint not null, "passThrough" bigint not null, "devicesThrough" bigint not null)`.execute(db);
  await sql`insert into position_indexing (id, "indexedThrough", "passThrough", "devicesThrough")
    select 1, coalesce(max(id), 0), coalesce(max(id), 0), 0 from positions_data`.execute(db);

  const table = (await sql<{ name: string; dflt_value: string | null }>`select name, dflt_value from pragma_table_info('positions_data')`.execute(db)).rows;
  const columns = table.map(({ name }) => `"${name}"`);
  // a view has no defaults: a column left out of an insert through it comes as null
  const newValues = table.map(({ name, dflt_value }) => (dflt_value === null ? `new."${name}"` : `coalesce(new."${name}", ${dflt_value})`));
  // The index's columns from the index: a query by device reads it in the order of its ORDER BY
  // "fixTime", id (with the rows' id, SQLite sorted each page: 17 % of a report's time). The join
  // on the device and fix time lets a query for one id look up the row and then its entry; the +
  // keeps a query by device from doing the same for every row (SQLite 3.53 chose that once, with
  // the statistics of one device and the rows' id). A list of ids through the view walks the
  // whole index: those read positions_data (positions-by-id.ts).
  const indexedColumns = columns.map((column) => (['"deviceId"', '"fixTime"', '"id"'].includes(column) ? `i.${column}` : `p.${column}`));
  await sql
    // the indexing's progress as constants (joined, SQLite planned an automatic index of every row)
    .raw(`create view positions_tail as select p.* from positions_data p
      where p.id > (select "indexedThrough" from position_indexing)
        and (p."deviceId" > (select "devicesThrough" from position_indexing) or p.id > (select "passThrough" from position_indexing))
        and not exists (select 1 from position_index x where x."deviceId" = p."deviceId" and x."fixTime" = p."fixTime" and x.id = p.id)`)
    .execute(db);
  await sql
    .raw(`create view positions as
      select ${indexedColumns.join(', ')} from position_index i join positions_data p on p.id = i.id and +p."deviceId" = i."deviceId" and +p."fixTime" = i."fixTime"
      union all select * from positions_tail`)
    .execute(db);
  await sql
    .raw(`create trigger positions_insert instead of insert on positions begin
      insert into positions_data (${columns.join(', ')}) values (${newValues.join(', ')});
      update position_indexing set "indexedThrough" = last_insert_rowid() where "indexedThrough" = last_insert_rowid() - 1;
      insert into position_index ("deviceId", "fixTime", id) values (new."deviceId", new."fixTime", coalesce(new.id, last_insert_rowid())); end`)
    .execute(db);
  // the ingest never deletes: a trigger on the rows costs it nothing, and a delete by id can go to
  // the rows directly
  await sql`create trigger positions_data_delete after delete on positions_data begin
      delete from position_index where "deviceId" = old."deviceId" and "fixTime" = old."fixTime" and id = old.id; end`.execute(db);
  await sql`create trigger positions_delete instead of delete on positions begin delete from positions_data where id = old.id; end`.execute(db);
};
