import type { Kysely } from 'kysely';
import type { Server } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';

/** The single server settings row. */
export const createServerRepository = (db: Kysely<DatabaseSchema>) => ({
  get: async (): Promise<Server> => codecs.server.fromRow(await db.selectFrom('server').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()),
  update: async (server: Record<string, unknown>): Promise<void> => {
    await db.updateTable('server').set(codecs.server.toRow(server) as never).where('id', '=', 1).execute();
  },
});
