import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { DatabaseSchema } from './database-schema.js';

// Connections only the ingest writer uses (named prepared statements, and its batches never wait
// behind the queries queued on the pool Kysely keeps to itself), by the Kysely instance they go with.
const ingestPools = new WeakMap<Kysely<DatabaseSchema>, pg.Pool>();

export const rememberIngestPool = (db: Kysely<DatabaseSchema>, pool: pg.Pool): void => void ingestPools.set(db, pool);

/** The ingest writer's own pool beside a Kysely instance that `openStorage` opened on PostgreSQL. */
export const postgresIngestPoolOf = (db: Kysely<DatabaseSchema>): pg.Pool => {
  const pool = ingestPools.get(db);
  if (!pool) throw new Error('not a PostgreSQL database opened by openStorage');
  return pool;
};
