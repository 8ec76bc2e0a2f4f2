import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001-initial.migration.js';
import * as passwordResets from './migrations/0002-password-resets.migration.js';
import type { Storage } from './database.js';

/** Migrations are listed in code so the build needs no migration folder at run time. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-password-resets': passwordResets,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export const migrateToLatest = async (storage: Storage): Promise<void> => {
  const { error, results } = await new Migrator({ db: storage.db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
};
