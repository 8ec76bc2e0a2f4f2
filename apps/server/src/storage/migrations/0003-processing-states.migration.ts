import type { Kysely } from 'kysely';

/**
 * Detector state that must survive a restart (motion and overspeed), one JSON row per device;
 * Traccar keeps the same fields on the device row. No foreign key: like positions and events, it
 * outlives nothing but is harmless if left behind.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('processing_states')
    .addColumn('deviceId', 'bigint', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .execute();
};
