import { sql, type Kysely, type Transaction } from 'kysely';
import type { Position } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';
import { linkTableName } from './link-tables.js';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** Objects a device can be linked to, directly or through its groups, that processing uses. */
export type ProcessingLinkKey = 'geofenceId' | 'driverId' | 'maintenanceId' | 'attributeId';

/** Queries of the position pipeline: detector state, recent history and the objects linked to a device. */
export const createProcessingRepository = (root: Kysely<DatabaseSchema>) => ({
  loadState: async (deviceId: number): Promise<string | undefined> => {
    const row = await root.selectFrom('processing_states').select('state').where('deviceId', '=', deviceId).executeTakeFirst();
    return row?.state;
  },
  saveState: async (deviceId: number, state: string, db: Db = root): Promise<void> => {
    await db.insertInto('processing_states').values({ deviceId, state }).onConflict((oc) => oc.column('deviceId').doUpdateSet({ state })).execute();
  },
  /** Positions with fix time in [from, to] plus the one just before `from`, ascending. */
  recentPositions: async (deviceId: number, from: number, to: number): Promise<Position[]> => {
    const [before, inside] = await Promise.all([
      root.selectFrom('positions').selectAll().where('deviceId', '=', deviceId).where('fixTime', '<', from).orderBy('fixTime', 'desc').orderBy('id', 'desc').limit(1).execute(),
      root.selectFrom('positions').selectAll().where('deviceId', '=', deviceId).where('fixTime', '>=', from).where('fixTime', '<=', to).orderBy('fixTime').orderBy('id').execute(),
    ]);
    return [...before, ...inside].map(codecs.position.fromRow);
  },
  /** Devices whose phone number, reduced to digits and +, is `phone`. */
  devicesByPhone: async (phone: string): Promise<number[]> => {
    const rows = await root.selectFrom('devices').select(['id', 'phone']).where('phone', 'is not', null).execute();
    return rows.filter((row) => row.phone!.replace(/[^\d+]/g, '') === phone).map((row) => Number(row.id));
  },
  /** Ids of `key` objects linked to the device or to any of the given groups. */
  linkedIds: async (deviceId: number, groupIds: number[], key: ProcessingLinkKey): Promise<number[]> => {
    const direct = sql`select ${sql.ref(key)} as id from ${sql.table(linkTableName('deviceId', key))} where "deviceId" = ${deviceId}`;
    const viaGroups = groupIds.length > 0
      ? sql` union select ${sql.ref(key)} as id from ${sql.table(linkTableName('groupId', key))} where "groupId" in (${sql.join(groupIds)})`
      : sql``;
    const { rows } = await sql<{ id: number | string }>`${direct}${viaGroups}`.execute(root);
    return rows.map((row) => Number(row.id));
  },
});

export type ProcessingRepository = ReturnType<typeof createProcessingRepository>;
