import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import * as initial from './migrations/0001-initial.migration.js';
import * as passwordResets from './migrations/0002-password-resets.migration.js';
import * as processingStates from './migrations/0003-processing-states.migration.js';
import * as deviceLatest from './migrations/0004-device-latest.migration.js';
import * as positionIndex from './migrations/0005-position-index.migration.js';
import * as positionsIndexed from './migrations/0006-positions-indexed.migration.js';
import * as deviceLatestHeld from './migrations/0007-device-latest-held.migration.js';
import type { Storage } from './database.js';

/** Migrations are listed in code so the build needs no migration folder at run time. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-password-resets': passwordResets,
  '0003-processing-states': processingStates,
  '0004-device-latest': deviceLatest,
  '0005-position-index': positionIndex,
  '0006-positions-indexed': positionsIndexed,
  '0007-device-latest-held': deviceLatestHeld,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Kysely looks for its bookkeeping tables in every schema it can see; naming ours keeps another
 * schema's tables (other installations, parallel test suites) from being mistaken for them.
 */
const currentSchema = async (storage: Storage): Promise<string | undefined> => {
  if (storage.dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(storage.db);
  return rows[0]?.schema;
};

const migratorOf = async (storage: Storage): Promise<Migrator> => {
  const migrationTableSchema = await currentSchema(storage);
  return new Migrator({ db: storage.db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
};

const throwIfFailed = ({ error, results }: MigrationResultSet): void => {
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed ? `${failed.migrationName} ` : ''}failed: ${error instanceof Error ? error.message : String(error)}`);
  }
};

export const migrateToLatest = async (storage: Storage): Promise<void> => {
  throwIfFailed(await (await migratorOf(storage)).migrateToLatest());
};

/** Up to and including the named migration: a database as an older version left it, for testing what a later migration makes of it. */
export const migrateTo = async (storage: Storage, name: keyof typeof MIGRATIONS): Promise<void> => {
  throwIfFailed(await (await migratorOf(storage)).migrateTo(name));
};
