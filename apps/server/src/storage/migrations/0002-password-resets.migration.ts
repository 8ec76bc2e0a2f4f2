import type { Kysely } from 'kysely';

/** One-time password reset tokens, stored as SHA-256 digests. */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('userId', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .execute();
};
