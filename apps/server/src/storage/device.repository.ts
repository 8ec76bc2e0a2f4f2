import type { Kysely, Transaction } from 'kysely';
import type { Device, DeviceStatus } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** Device queries beyond generic CRUD: lookup by identifier and the server-derived status fields. */
export const createDeviceRepository = (root: Kysely<DatabaseSchema>) => ({
  findByUniqueId: async (uniqueId: string, db: Db = root): Promise<Device | undefined> => {
    const row = await db.selectFrom('devices').selectAll().where('uniqueId', '=', uniqueId.trim()).executeTakeFirst();
    return row ? codecs.device.fromRow(row) : undefined;
  },
  uniqueIdTaken: async (uniqueId: string, exceptId = 0): Promise<boolean> => {
    const row = await root.selectFrom('devices').select('id').where('uniqueId', '=', uniqueId.trim()).where('id', '!=', exceptId).executeTakeFirst();
    return row !== undefined;
  },
  updateStatus: async (id: number, fields: { status: DeviceStatus; lastUpdate?: number; positionId?: number }, db: Db = root) => {
    await db.updateTable('devices').set(fields).where('id', '=', id).execute();
  },
  /**
   * Records a message from the device: online, heard now, and `positionId` moved to the new position
   * only when its fix is not older than the current latest one. Decided in one statement, so two
   * instances storing for the same device cannot both win. Returns the resulting positionId.
   */
  recordMessage: async (id: number, positionId: number, fixTime: number, lastUpdate: number, db: Db = root): Promise<number> => {
    const row = await db
      .updateTable('devices')
      .set((eb) => ({
        status: 'online',
        lastUpdate,
        positionId: eb
          .case()
          .when(eb.or([
            eb('positionId', 'is', null),
            eb(eb.selectFrom('positions').select('fixTime').whereRef('positions.id', '=', 'devices.positionId'), '<=', fixTime),
            eb.not(eb.exists(eb.selectFrom('positions').select('id').whereRef('positions.id', '=', 'devices.positionId'))),
          ]))
          .then(positionId)
          .else(eb.ref('positionId'))
          .end(),
      }))
      .where('id', '=', id)
      .returning('positionId')
      .executeTakeFirstOrThrow();
    return Number(row.positionId);
  },
  setLatestPosition: async (id: number, positionId: number, db: Db = root) => {
    await db.updateTable('devices').set({ positionId }).where('id', '=', id).execute();
  },
  /** Marks online devices last heard before `cutoff` as unknown; returns their ids. */
  markStaleUnknown: async (cutoff: number): Promise<number[]> => {
    const rows = await root.updateTable('devices').set({ status: 'unknown' }).where('status', '=', 'online').where('lastUpdate', '<', cutoff).returning('id').execute();
    return rows.map((row) => Number(row.id));
  },
  /** After a restart nothing is known to be connected; Traccar reports every device offline. */
  resetStatuses: async (): Promise<void> => {
    await root.updateTable('devices').set({ status: null }).execute();
  },
});

export type DeviceRepository = ReturnType<typeof createDeviceRepository>;
