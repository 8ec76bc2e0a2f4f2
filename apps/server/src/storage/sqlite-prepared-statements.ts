import type SqliteDatabase from 'better-sqlite3';

/**
 * A connection's statements, each prepared the first time its SQL is asked for and kept: the
 * writer thread's connection may open before the migrations have made its tables, and a few fixed
 * statements serve every batch.
 */
export const preparedOnFirstUse = (sqlite: SqliteDatabase.Database) => {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return (sql: string): SqliteDatabase.Statement => {
    let prepared = statements.get(sql);
    if (!prepared) statements.set(sql, (prepared = sqlite.prepare(sql)));
    return prepared;
  };
};
