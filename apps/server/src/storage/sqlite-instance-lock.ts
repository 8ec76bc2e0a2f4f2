import SqliteDatabase from 'better-sqlite3';

/** The lock a server holds on its SQLite database file for as long as it has the file open. */
export interface SqliteInstanceLock {
  release(): void;
}

/** The file beside the database whose lock says a server has the database open. */
export const instanceLockFile = (file: string): string => `${file}.lock`;

const isBusy = (error: unknown): boolean => (error as { code?: string } | undefined)?.code === 'SQLITE_BUSY';

/**
 * One server process per SQLite file: its writers draw position ids in memory (sqlite-position-ids.ts),
 * so a second process on the same file would store positions under ids the first draws too, and
 * lose them. The lock is SQLite's own, on a small database beside the real one, taken by an
 * exclusive transaction that stays open: the operating system drops it when the process ends,
 * however it ends, so a crash leaves nothing to clean up.
 */
export const lockSqliteFile = (file: string): SqliteInstanceLock => {
  const lock = new SqliteDatabase(instanceLockFile(file), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if (isBusy(error)) throw new Error(`${file} is in use by another Tracklane server: a SQLite database serves one instance (several share a PostgreSQL database)`);
    throw error;
  }
  return {
    release: () => {
      if (!lock.open) return;
      lock.exec('ROLLBACK');
      lock.close();
    },
  };
};
