import type { QueuedCommand } from '@tracklane/domain';
import type { Kysely } from 'kysely';
import { codecs } from './codecs.js';
import type { DatabaseSchema } from './database-schema.js';

/** Commands waiting for their device's next message (`queued_commands`; a device's removal removes its own). */
export const createCommandQueueRepository = (db: Kysely<DatabaseSchema>) => ({
  /** Queues a command; its id. */
  add: async (command: Omit<QueuedCommand, 'id'>): Promise<number> => {
    const row = await db.insertInto('queued_commands').values(codecs.queuedCommand.toRow(command) as never).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  },
  /** The device's queued commands in the order they were queued, taken off the queue in the same transaction; at most `limit`. */
  take: (deviceId: number, limit = Number.MAX_SAFE_INTEGER): Promise<QueuedCommand[]> =>
    db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('queued_commands').selectAll().where('deviceId', '=', deviceId).orderBy('id').limit(limit).execute();
      if (rows.length > 0) await trx.deleteFrom('queued_commands').where('id', 'in', rows.map((row) => row.id)).execute();
      return rows.map((row) => codecs.queuedCommand.fromRow(row));
    }),
  /** The devices that have commands waiting. */
  waitingDevices: async (): Promise<number[]> => (await db.selectFrom('queued_commands').select('deviceId').distinct().execute()).map((row) => Number(row.deviceId)),
});

export type CommandQueueRepository = ReturnType<typeof createCommandQueueRepository>;
