import type { Kysely } from 'kysely';
import type { Statistics } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';

export const createStatisticsRepository = (db: Kysely<DatabaseSchema>) => ({
  findRange: async (from: number, to: number): Promise<Statistics[]> => {
    const rows = await db.selectFrom('statistics').selectAll().where('captureTime', '>=', from).where('captureTime', '<=', to).orderBy('captureTime').execute();
    return rows.map(codecs.statistics.fromRow);
  },
});
