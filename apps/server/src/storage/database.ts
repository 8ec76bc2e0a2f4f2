import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseSchema } from './database-schema.js';
import { rememberPostgresPool } from './postgres-pool.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startSqliteCheckpointer } from './sqlite-checkpointer.js';
import { withStatementCache } from './sqlite-statement-cache.js';
import { QueuedSqliteDialect } from './sqlite-queued-dialect.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Storage {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** The embedded database's own handle, for the ingest writer's prepared statements; absent on PostgreSQL. */
  sqlite?: SqliteDatabase.Database;
  close(): Promise<void>;
}

const INT8_OID = 20;

const isFile = (file: string) => file !== ':memory:' && file !== '';

/** Tuned for steady ingest: WAL lets readers run beside the writer; NORMAL sync is durable in WAL. */
const openSqlite = (file: string): SqliteDatabase.Database => {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -32000');
  sqlite.pragma('temp_store = MEMORY');
  // a worker checkpoints (sqlite-checkpointer.ts); this connection only if the worker falls far behind
  sqlite.pragma(`wal_autocheckpoint = ${isFile(file) ? FALLBACK_AUTOCHECKPOINT_PAGES : 4000}`);
  return sqlite;
};

const openPostgres = (url: string, schema: string | undefined): pg.Pool => {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // ids and epoch-millisecond instants are BIGINT; they stay far below 2^53
    types: { getTypeParser: ((oid: number, format?: string) => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser },
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', () => undefined);
  return pool;
};

export interface StorageOptions {
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  schema?: string;
  /** A background checkpoint of the embedded database failed (the writer then checkpoints itself). */
  onCheckpointError?: (message: string) => void;
}

/** Opens the database named by a `sqlite:` or `postgres://` URL. */
export const openStorage = (url: string, options: StorageOptions = {}): Storage => {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const sqlite = openSqlite(file);
    const db = new Kysely<DatabaseSchema>({ dialect: new QueuedSqliteDialect({ database: withStatementCache(sqlite) }) });
    const checkpointer = isFile(file) ? startSqliteCheckpointer(path.resolve(file), options.onCheckpointError ?? (() => undefined)) : undefined;
    const close = async () => {
      await checkpointer?.close();
      await db.destroy();
    };
    return { db, dialect: 'sqlite', sqlite, close };
  }
  const pool = openPostgres(url, options.schema);
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  rememberPostgresPool(db, pool);
  return { db, dialect: 'postgres', close: () => db.destroy() };
};
