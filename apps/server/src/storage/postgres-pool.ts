import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { DatabaseSchema } from './database-schema.js';

// Kysely keeps its pool to itself; the ingest writer needs it for named prepared statements.
const pools = new WeakMap<Kysely<DatabaseSchema>, pg.Pool>();

export const rememberPostgresPool = (db: Kysely<DatabaseSchema>, pool: pg.Pool): void => void pools.set(db, pool);

/** The pool under a Kysely instance that `openStorage` opened on PostgreSQL. */
export const postgresPoolOf = (db: Kysely<DatabaseSchema>): pg.Pool => {
  const pool = pools.get(db);
  if (!pool) throw new Error('not a PostgreSQL database opened by openStorage');
  return pool;
};
