import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache.js';

describe('withStatementCache', () => {
  it('reuses a prepared statement for the same SQL and keeps results right', () => {
    const database = new SqliteDatabase(':memory:');
    database.exec('create table t (v integer)');
    const cached = withStatementCache(database, 2);
    const insert = cached.prepare('insert into t (v) values (?)');
    expect(cached.prepare('insert into t (v) values (?)')).toBe(insert);
    (insert as unknown as SqliteDatabase.Statement).run(1);
    (insert as unknown as SqliteDatabase.Statement).run(2);
    const sum = cached.prepare('select sum(v) as s from t') as unknown as SqliteDatabase.Statement;
    expect(sum.get()).toEqual({ s: 3 });
  });

  it('evicts the least recently used statement beyond its capacity', () => {
    const cached = withStatementCache(new SqliteDatabase(':memory:'), 2);
    const one = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3');
    expect(cached.cacheSize()).toBe(2);
    expect(cached.prepare('select 1')).toBe(one);
  });
});
