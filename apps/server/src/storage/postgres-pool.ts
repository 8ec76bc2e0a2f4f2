import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { DatabaseSchema } from './database-schema.js';

// Connections only the ingest writer uses (named prepared statements, and its batches never wait
// behind the queries queued on the pool Kysely keeps to itself), by the Kysely instance they go with.
const ingestPools = new WeakMap<Kysely<DatabaseSchema>, pg.Pool>();

/**
 * The ingest's connections, and so its batches written side by side: while one batch's statement
 * runs, the next is already on its way (a burst of events makes each statement slower, and one at
 * a time then caps the ingest below the rate trackers send at).
 */
export const INGEST_CONNECTIONS = 2;

export const rememberIngestPool = (db: Kysely<DatabaseSchema>, pool: pg.Pool): void => void ingestPools.set(db, pool);

/** The ingest writer's own pool beside a Kysely instance that `openStorage` opened on PostgreSQL. */
export const postgresIngestPoolOf = (db: Kysely<DatabaseSchema>): pg.Pool => {
  const pool = ingestPools.get(db);
  if (!pool) throw new Error('not a PostgreSQL database opened by openStorage');
  return pool;
};
