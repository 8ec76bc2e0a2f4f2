import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/** Pages a writing connection may leave in the WAL before it checkpoints by itself: only if the checkpointer falls far behind. */
const FALLBACK_AUTOCHECKPOINT_PAGES = 40_000;

export const isSqliteFile = (file: string): boolean => file !== ':memory:' && file !== '';

/**
 * A connection tuned for steady ingest: WAL lets readers run beside the writer; NORMAL sync is
 * durable in WAL against a crash of the process. Every connection of the server opens this way.
 */
export const openSqliteConnection = (file: string): SqliteDatabase.Database => {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // a connection waits this long for another to release the write lock (the writer thread's
  // transactions take a few milliseconds)
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -32000');
  sqlite.pragma('temp_store = MEMORY');
  // a worker checkpoints (sqlite-checkpointer.ts); a writing connection only if the worker falls far behind
  sqlite.pragma(`wal_autocheckpoint = ${isSqliteFile(file) ? FALLBACK_AUTOCHECKPOINT_PAGES : 4000}`);
  return sqlite;
};
