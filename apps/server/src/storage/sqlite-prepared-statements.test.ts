import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { preparedOnFirstUse } from './sqlite-prepared-statements.js';

describe('preparedOnFirstUse', () => {
  it('prepares a statement when its SQL is first asked for, once the table exists, and gives the same one back after', () => {
    const sqlite = new SqliteDatabase(':memory:');
    try {
      const statement = preparedOnFirstUse(sqlite);
      // nothing is prepared before it is asked for, so a table made later is found
      sqlite.exec('create table t (x integer)');
      const insert = statement('insert into t (x) values (?)');
      insert.run(1);
      expect(statement('insert into t (x) values (?)')).toBe(insert);
      expect(statement('select count(*) from t').pluck().get()).toBe(1);
      expect(() => statement('select * from missing')).toThrow(/no such table/);
    } finally {
      sqlite.close();
    }
  });
});
