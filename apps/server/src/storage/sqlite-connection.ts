import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * Pages in the WAL (32 MiB at 4 KiB a page) past which a writing connection checkpoints at its
 * commit, as a backstop. The background checkpointer (sqlite-checkpointer.ts) copies the WAL as it
 * grows and, from three quarters of this limit, checkpoints back to back until one of its rounds
 * ends between two commits with nothing left to copy: the writer's next transaction then starts the
 * WAL over without checkpointing. When the limit comes first, the writer copies what the last round
 * left and waits for two fsyncs (30-130 ms on the benchmark machine, 2026-11-27), holding that batch.
 * The checkpointer alone could not keep the WAL bounded while it paused between rounds: at 30,000
 * positions/s the WAL grew to the old limit of 40,000 pages (160 MiB) every few seconds.
 */
export const WRITER_CHECKPOINT_PAGES = 8_000;

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
  sqlite.pragma(`wal_autocheckpoint = ${isSqliteFile(file) ? WRITER_CHECKPOINT_PAGES : 4000}`);
  return sqlite;
};
