import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrator.js';
import { dropTestSchema, newTestSchema, testDatabases } from '../helpers/test-server.js';

const [postgres] = testDatabases().filter((database) => database.name === 'postgres');

// Another installation or test file on the same database makes and drops schemas of its own while
// this one starts: its migrations must not notice.
describe('migrating a PostgreSQL schema while other schemas come and go', () => {
  const churn = { stop: false, cycles: 0, done: Promise.resolve() };
  let client: pg.Client;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: postgres!.url });
    await client.connect();
    churn.done = (async () => {
      while (!churn.stop) {
        const schema = `churn_${process.pid}_${churn.cycles++}`;
        await client.query(`create schema ${schema}`);
        await client.query(`create table ${schema}.things (id serial primary key, name text)`);
        await client.query(`drop schema ${schema} cascade`);
      }
    })();
  });

  afterAll(async () => {
    churn.stop = true;
    await churn.done;
    await client.end();
  });

  it('brings each new schema to the latest version', async () => {
    const failures: string[] = [];
    for (let run = 0; run < 8; run++) {
      const schema = (await newTestSchema(postgres!))!;
      const storage = openStorage(postgres!.url, { schema });
      try {
        await migrateToLatest(storage);
        await storage.db.insertInto('devices').values({ name: 'Van', uniqueId: `van-${run}`, attributes: '{}', disabled: 0 }).execute();
      } catch (error) {
        failures.push((error as Error).message);
      } finally {
        await storage.close();
        await dropTestSchema(postgres!, schema);
      }
    }
    expect(churn.cycles).toBeGreaterThan(8);
    expect(failures).toEqual([]);
  });
});
