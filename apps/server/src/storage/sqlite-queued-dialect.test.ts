import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { QueuedSqliteDialect } from './sqlite-queued-dialect.js';

describe('QueuedSqliteDialect', () => {
  it('serves thousands of waiting queries in arrival order beside open transactions', async () => {
    const db = new Kysely<{ items: { n: number } }>({ dialect: new QueuedSqliteDialect({ database: new SqliteDatabase(':memory:') }) });
    await sql`create table items (n integer)`.execute(db);
    const order: number[] = [];
    const writes = Array.from({ length: 2000 }, (_, n) =>
      n % 100 === 0
        ? db.transaction().execute(async (trx) => {
            await trx.insertInto('items').values({ n }).execute();
            await new Promise((resolve) => setTimeout(resolve, 1));
            await trx.insertInto('items').values({ n: -n }).execute();
            order.push(n);
          })
        : db.insertInto('items').values({ n }).execute().then(() => void order.push(n)),
    );
    await Promise.all(writes);
    expect(order).toEqual(Array.from({ length: 2000 }, (_, n) => n));
    const { count } = (await db.selectFrom('items').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow());
    expect(Number(count)).toBe(2020);
    await db.destroy();
  });

  it('frees the connection when a transaction fails', async () => {
    const db = new Kysely<{ items: { n: number } }>({ dialect: new QueuedSqliteDialect({ database: new SqliteDatabase(':memory:') }) });
    await sql`create table items (n integer)`.execute(db);
    await expect(db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ n: 1 }).execute();
      throw new Error('refused');
    })).rejects.toThrow('refused');
    await db.insertInto('items').values({ n: 2 }).execute();
    expect(await db.selectFrom('items').select('n').execute()).toEqual([{ n: 2 }]);
    await db.destroy();
  });
});
