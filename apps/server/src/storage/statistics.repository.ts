import type { Kysely } from 'kysely';
import type { Statistics } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';

/** One captured period: its end (epoch ms) and its counts. */
export type StatisticsCapture = Omit<Statistics, 'id' | 'attributes' | 'captureTime'> & { captureTime: number };

export const createStatisticsRepository = (db: Kysely<DatabaseSchema>) => ({
  findRange: async (from: number, to: number): Promise<Statistics[]> => {
    const rows = await db.selectFrom('statistics').selectAll().where('captureTime', '>=', from).where('captureTime', '<=', to).orderBy('captureTime').execute();
    return rows.map(codecs.statistics.fromRow);
  },
  insert: async ({ protocols, ...counts }: StatisticsCapture): Promise<number> => {
    const row = await db
      .insertInto('statistics')
      .values({ ...counts, protocols: protocols ? JSON.stringify(protocols) : null, attributes: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },
});

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
