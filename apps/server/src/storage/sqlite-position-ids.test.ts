import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createPositionIds } from './sqlite-position-ids.js';

/** The table positions are stored in on SQLite (migration 0005), reduced to an id and a note. */
const openWithPositions = () => {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec('create table positions_data (id integer primary key autoincrement, note text)');
  return sqlite;
};

describe('SQLite position ids', () => {
  it('starts at 1 in an empty table and counts up', () => {
    const ids = createPositionIds(openWithPositions());
    expect([ids.next(), ids.next(), ids.next()]).toEqual([1, 2, 3]);
  });

  it('goes on after the highest id ever used, even when those positions were deleted', () => {
    const sqlite = openWithPositions();
    for (let index = 0; index < 5; index++) sqlite.prepare('insert into positions_data (note) values (?)').run('stored');
    sqlite.prepare('delete from positions_data where id >= 4').run();
    expect(createPositionIds(sqlite).next()).toBe(6);
  });

  it('reads the table at the first draw, so positions stored before it count', () => {
    const sqlite = openWithPositions();
    const ids = createPositionIds(sqlite);
    sqlite.prepare('insert into positions_data (id, note) values (41, ?)').run('imported');
    expect(ids.next()).toBe(42);
  });

});
