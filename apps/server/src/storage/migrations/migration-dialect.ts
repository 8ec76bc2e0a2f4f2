import type { Kysely } from 'kysely';

/** Whether a migration runs on SQLite (the embedded default) rather than PostgreSQL, where column types differ. */
export const isSqlite = (db: Kysely<unknown>): boolean => db.getExecutor().adapter.constructor.name.startsWith('Sqlite');
