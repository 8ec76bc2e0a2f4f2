import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type { Position } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';
import type { Dialect } from './database.js';
import { codecs } from './codecs.js';
import { chunksOf } from './id-chunks.js';
import { devicePositions } from './device-positions.js';
import { positionsById } from './positions-by-id.js';
import type { PositionIds } from './sqlite-position-ids.js';
import type { PositionTail } from './sqlite-position-tail.js';
import type { StoredPositionRow } from './position-json.js';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

const latestRows = (root: Kysely<DatabaseSchema>, dialect: Dialect, deviceIds: RawBuilder<unknown>) =>
  root
    .selectFrom(positionsById(dialect))
    .selectAll('positions')
    .innerJoin('device_latest', 'device_latest.positionId', 'positions.id')
    .where('device_latest.deviceId', 'in', deviceIds as never)
    .orderBy('device_latest.deviceId');

/**
 * `positionIds`: on SQLite, the ids the ingest also draws from (it knows them before it writes);
 * `positionTail`: the ones it drew lately, by device.
 */
export const createPositionRepository = (root: Kysely<DatabaseSchema>, dialect: Dialect, positionIds?: PositionIds, positionTail?: PositionTail) => ({
  insert: async (position: Omit<Position, 'id'>, db: Db = root): Promise<number> => {
    const row = { ...(positionIds ? { id: positionIds.next() } : {}), ...codecs.position.toRow(position), deviceId: position.deviceId };
    const inserted = await db.insertInto('positions').values(row as never).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  },
  findByIds: async (ids: readonly number[]): Promise<Position[]> => {
    const chunks = await Promise.all(chunksOf([...new Set(ids)]).map((chunk) => root.selectFrom(positionsById(dialect)).selectAll().where('id', 'in', chunk).execute()));
    return chunks.flat().map(codecs.position.fromRow);
  },
  /** History of one device, ascending by fix time, both ends inclusive. */
  findRange: async (deviceId: number, from: number, to: number, limit: number): Promise<Position[]> => {
    const rows = await root
      .selectFrom(devicePositions(dialect, positionTail, deviceId))
      .selectAll()
      .where('deviceId', '=', deviceId)
      .where('fixTime', '>=', from)
      .where('fixTime', '<=', to)
      .orderBy('fixTime')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(codecs.position.fromRow);
  },
  /** Latest position of each device in the set (the device's positionId). */
  findLatest: async (deviceIds: RawBuilder<unknown>, since: number): Promise<Position[]> =>
    (await latestRows(root, dialect, deviceIds).where('positions.fixTime', '>=', since).execute()).map(codecs.position.fromRow),
  /**
   * The same as stored rows, a page at a time in device order: those of the devices after
   * `afterDeviceId`, at most `limit`. For writing their JSON straight from the rows (positionJson).
   */
  findLatestRowPage: (deviceIds: RawBuilder<unknown>, afterDeviceId: number, limit: number): Promise<StoredPositionRow[]> =>
    latestRows(root, dialect, deviceIds).where('device_latest.deviceId', '>', afterDeviceId).limit(limit).execute(),
  // Deleting a device's latest position forgets its fix time, so that the device's next position
  // becomes its latest whatever its fix (a deleted latest counts as older, as a missing one does).
  deleteById: async (id: number): Promise<boolean> =>
    root.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom(positionsById(dialect)).where('id', '=', id).returning('deviceId').executeTakeFirst();
      if (!deleted) return false;
      await trx.updateTable('device_latest').set({ fixTime: null }).where('deviceId', '=', deleted.deviceId).where('positionId', '=', id).execute();
      return true;
    }),
  // The period's positions are found as a history query finds them (the newest by the ids the ingest
  // drew), then deleted by id: through the `positions` view, a delete read every row of the tail.
  deleteRange: async (deviceId: number, from: number, to: number): Promise<void> => {
    await root.transaction().execute(async (trx) => {
      const inPeriod = trx.selectFrom(devicePositions(dialect, positionTail, deviceId)).select('id').where('deviceId', '=', deviceId).where('fixTime', '>=', from).where('fixTime', '<=', to);
      await trx.deleteFrom(positionsById(dialect)).where('id', 'in', inPeriod).execute();
      await trx.updateTable('device_latest').set({ fixTime: null }).where('deviceId', '=', deviceId).where('fixTime', '>=', from).where('fixTime', '<=', to).execute();
    });
  },
});

export type PositionRepository = ReturnType<typeof createPositionRepository>;
