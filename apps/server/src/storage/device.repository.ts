import type { Kysely, Transaction } from 'kysely';
import type { Device, DeviceStatus } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** Device queries beyond generic CRUD: lookup by identifier and the server-derived status fields. */
export const createDeviceRepository = (root: Kysely<DatabaseSchema>) => ({
  findByUniqueId: async (uniqueId: string, db: Db = root): Promise<Device | undefined> => {
    const row = await db.selectFrom('devices_with_latest').selectAll().where('uniqueId', '=', uniqueId.trim()).executeTakeFirst();
    return row ? codecs.device.fromRow(row) : undefined;
  },
  uniqueIdTaken: async (uniqueId: string, exceptId = 0): Promise<boolean> => {
    const row = await root.selectFrom('devices').select('id').where('uniqueId', '=', uniqueId.trim()).where('id', '!=', exceptId).executeTakeFirst();
    return row !== undefined;
  },
  /** Status of a device the server has heard from; one never heard has no status to change. */
  updateStatus: async (id: number, status: DeviceStatus, db: Db = root) => {
    await db.updateTable('device_latest').set({ status }).where('deviceId', '=', id).execute();
  },
  /** Makes a position the device's latest whatever its fix time (a corrected copy of the latest). */
  setLatestPosition: async (id: number, positionId: number, fixTime: number | null, db: Db = root) => {
    await db
      .insertInto('device_latest')
      .values({ deviceId: id, status: null, lastUpdate: null, positionId, fixTime })
      .onConflict((conflict) => conflict.column('deviceId').doUpdateSet({ positionId, fixTime }))
      .execute();
  },
  /** Marks online devices last heard before `cutoff` as unknown; returns their ids. */
  markStaleUnknown: async (cutoff: number): Promise<number[]> => {
    const rows = await root
      .updateTable('device_latest')
      .set({ status: 'unknown' })
      .where('status', '=', 'online')
      .where('lastUpdate', '<', cutoff)
      .returning('deviceId')
      .execute();
    return rows.map((row) => Number(row.deviceId));
  },
  /** After a restart nothing is known to be connected; Traccar reports every device offline. */
  resetStatuses: async (): Promise<void> => {
    await root.updateTable('device_latest').set({ status: null }).execute();
  },
});

export type DeviceRepository = ReturnType<typeof createDeviceRepository>;
