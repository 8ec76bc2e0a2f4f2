import type SqliteDatabase from 'better-sqlite3';

/** Hands out position ids on SQLite: every writer of positions draws from it, so none collide. */
export interface PositionIds {
  next(): number;
}

/**
 * Position ids counted in memory from the highest ever used (AUTOINCREMENT's own record, so an id
 * is never reused even after deletions). The ingest knows a position's id before its write, which
 * may run on another thread while the API stores a position of its own; an id drawn but never
 * written (a failed batch, a crash) is simply skipped, as AUTOINCREMENT itself would.
 * Read at the first draw, once the migrations have created the tables.
 */
export const createPositionIds = (sqlite: SqliteDatabase.Database): PositionIds => {
  let last: number | undefined;
  const highestUsed = () => {
    const row = sqlite
      // the table, not the positions view: a max() over the view reads every row
      .prepare(`select max(coalesce((select seq from sqlite_sequence where name = 'positions_data'), 0), coalesce((select max(id) from positions_data), 0)) as id`)
      .get() as { id: number };
    return Number(row.id);
  };
  return {
    next: () => (last = (last ?? highestUsed()) + 1),
  };
};
