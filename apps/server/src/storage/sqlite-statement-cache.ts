import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver prepares every query afresh; preparing dominated ingest profiles. This
 * keeps the most recently used prepared statements per SQL text. Safe because the driver runs one
 * query at a time on the connection.
 */
export const withStatementCache = (database: SqliteDatabase.Database, capacity = 256): KyselySqliteDatabase & { cacheSize(): number } => {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => void database.close(),
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement as unknown as ReturnType<KyselySqliteDatabase['prepare']>;
    },
    cacheSize: () => cache.size,
  };
};
