import { createRequire } from 'node:module';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import type pg from 'pg';
import type { DatabaseSchema } from './database-schema.js';
import { PostgresOwnSchemaDialect } from './postgres-own-schema-dialect.js';
import { INGEST_CONNECTIONS, rememberIngestPool } from './postgres-pool.js';
import { startSqliteCheckpointer } from './sqlite-checkpointer.js';
import { isSqliteFile, openSqliteConnection } from './sqlite-connection.js';
import { startSqliteIngestThread, type SqliteIngestThread } from './sqlite-ingest-thread.js';
import { lockSqliteFile, type SqliteInstanceLock } from './sqlite-instance-lock.js';
import { createPositionIds, type PositionIds } from './sqlite-position-ids.js';
import { createPositionTail, type PositionTail } from './sqlite-position-tail.js';
import { withStatementCache } from './sqlite-statement-cache.js';
import { QueuedSqliteDialect } from './sqlite-queued-dialect.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Storage {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** The embedded database's own handle, for the ingest writer's prepared statements; absent on PostgreSQL. */
  sqlite?: SqliteDatabase.Database;
  /** SQLite: where every writer of positions takes their ids. */
  positionIds?: PositionIds;
  /** SQLite: the ids the ingest drew lately, by device, for queries by device (device-positions.ts). */
  positionTail?: PositionTail;
  /** SQLite database file: the thread the ingest writes on. */
  ingestThread?: SqliteIngestThread;
  close(): Promise<void>;
}

const INT8_OID = 20;

const openPostgres = (url: string, schema: string | undefined, max: number): pg.Pool => {
  // loaded only for PostgreSQL: an embedded database never needs the driver
  const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max,
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
    const sqlite = openSqliteConnection(file);
    const onFile = isSqliteFile(file);
    let lock: SqliteInstanceLock | undefined;
    try {
      lock = onFile ? lockSqliteFile(path.resolve(file)) : undefined;
    } catch (error) {
      sqlite.close();
      throw error;
    }
    const db = new Kysely<DatabaseSchema>({ dialect: new QueuedSqliteDialect({ database: withStatementCache(sqlite) }) });
    const checkpointer = onFile ? startSqliteCheckpointer(path.resolve(file), options.onCheckpointError ?? (() => undefined)) : undefined;
    const ingestThread = onFile ? startSqliteIngestThread(path.resolve(file)) : undefined;
    const close = async () => {
      await ingestThread?.close();
      await checkpointer?.close();
      await db.destroy();
      lock?.release();
    };
    return { db, dialect: 'sqlite', sqlite, positionIds: createPositionIds(sqlite), positionTail: createPositionTail(), ingestThread, close };
  }
  const pool = openPostgres(url, options.schema, 10);
  // the ingest's own connections: a burst of other queries (thousands of first events, each asking
  // who follows its device) queued on the shared pool held every tracker's acknowledgement for seconds
  const ingestPool = openPostgres(url, options.schema, INGEST_CONNECTIONS);
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresOwnSchemaDialect({ pool }) });
  rememberIngestPool(db, ingestPool);
  const close = async () => {
    await db.destroy();
    await ingestPool.end();
  };
  return { db, dialect: 'postgres', close };
};
