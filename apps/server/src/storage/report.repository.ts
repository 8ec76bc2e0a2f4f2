import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Device, Event, Position } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';
import type { Dialect } from './database.js';
import { devicePositions } from './device-positions.js';
import { positionsById } from './positions-by-id.js';
import type { StoredPositionRow } from './position-json.js';
import type { PositionTail } from './sqlite-position-tail.js';

type IdSet = RawBuilder<unknown>;

/** A position as the report algorithms read it (see reports/report-position.ts). */
export interface LeanPosition {
  id: number;
  fixTime: number;
  deviceTime: number;
  latitude: number;
  longitude: number;
  speed: number;
  address: string | null;
  attributes: Record<string, unknown>;
}

/** Where the previous page ended: pages continue after this fix time and id. */
export interface PageCursor {
  time: number;
  id: number;
}

const LEAN_COLUMNS = ['id', 'fixTime', 'deviceTime', 'latitude', 'longitude', 'speed', 'address', 'attributes'] as const;

type LeanRow = { id: number; fixTime: number; deviceTime: number; latitude: number; longitude: number; speed: number; address: string | null; attributes: string };

/**
 * A lean position whose attributes are parsed on first use: replaying motion reads them for few
 * positions (the ends of trips and stops, long gaps), so most rows never pay for JSON.parse.
 */
class StoredLeanPosition implements LeanPosition {
  readonly id: number;
  readonly fixTime: number;
  readonly deviceTime: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly speed: number;
  readonly address: string | null;
  #text: string | null;
  #attributes: Record<string, unknown> | undefined;

  constructor(row: LeanRow) {
    this.id = Number(row.id);
    this.fixTime = Number(row.fixTime);
    this.deviceTime = Number(row.deviceTime);
    this.latitude = row.latitude;
    this.longitude = row.longitude;
    this.speed = row.speed;
    this.address = row.address;
    this.#text = row.attributes;
  }

  get attributes(): Record<string, unknown> {
    if (this.#attributes === undefined) {
      this.#attributes = this.#text ? (JSON.parse(this.#text) as Record<string, unknown>) : {};
      this.#text = null;
    }
    return this.#attributes;
  }
}

const toLean = (row: LeanRow): LeanPosition => new StoredLeanPosition(row);

/**
 * Queries of the report engine. Positions and events are read a page at a time by keyset on
 * (time, id) over the (deviceId, fixTime) and (deviceId, eventTime) indexes, so a long period never
 * has to be held in memory; the trips/stops/summary queries select only the columns they use.
 */
export const createReportRepository = (db: Kysely<DatabaseSchema>, dialect: Dialect, tail?: PositionTail) => {
  const positionRange = (deviceId: number, from: number, to: number, after: PageCursor | undefined) => {
    let query = db.selectFrom(devicePositions(dialect, tail, deviceId)).where('deviceId', '=', deviceId).where('fixTime', '<=', to);
    query = after
      ? query.where('fixTime', '>=', after.time).where((eb) => eb.or([eb('fixTime', '>', after.time), eb('id', '>', after.id)]))
      : query.where('fixTime', '>=', from);
    return query;
  };

  return {
    /** Up to `limit` positions of the device in [from, to] after the cursor, ascending, lean columns. */
    leanPositions: async (deviceId: number, from: number, to: number, after: PageCursor | undefined, limit: number): Promise<LeanPosition[]> => {
      const rows = await positionRange(deviceId, from, to, after).select(LEAN_COLUMNS).orderBy('fixTime').orderBy('id').limit(limit).execute();
      return rows.map(toLean);
    },

    /** The first or the last position of the device in [from, to]. */
    endPosition: async (deviceId: number, from: number, to: number, end: 'first' | 'last'): Promise<LeanPosition | undefined> => {
      const direction = end === 'first' ? 'asc' : 'desc';
      const row = await positionRange(deviceId, from, to, undefined).select(LEAN_COLUMNS).orderBy('fixTime', direction).orderBy('id', direction).limit(1).executeTakeFirst();
      return row ? toLean(row) : undefined;
    },

    /** Stored deviceMoving/deviceStopped events of the device in [from, to] with their positions, by event time. */
    motionEvents: async (deviceId: number, from: number, to: number): Promise<{ type: 'deviceMoving' | 'deviceStopped'; position: LeanPosition }[]> => {
      const rows = await db
        .selectFrom('events')
        .innerJoin(positionsById(dialect), 'positions.id', 'events.positionId')
        .select(['events.type as type', ...LEAN_COLUMNS.map((column) => `positions.${column}` as const)])
        .where('events.deviceId', '=', deviceId)
        .where('events.eventTime', '>=', from)
        .where('events.eventTime', '<=', to)
        .where('events.type', 'in', ['deviceMoving', 'deviceStopped'])
        .orderBy('events.eventTime')
        .orderBy('events.id')
        .execute();
      return rows.map((row) => ({ type: row.type as 'deviceMoving' | 'deviceStopped', position: toLean(row) }));
    },

    /** Up to `limit` stored position rows of the device in [from, to] after the cursor, ascending (see position-json.ts). */
    positionRows: async (deviceId: number, from: number, to: number, after: PageCursor | undefined, limit: number): Promise<StoredPositionRow[]> =>
      positionRange(deviceId, from, to, after).selectAll().orderBy('fixTime').orderBy('id').limit(limit).execute(),

    /** Up to `limit` whole positions of the device in [from, to] after the cursor, ascending. */
    positions: async (deviceId: number, from: number, to: number, after: PageCursor | undefined, limit: number): Promise<Position[]> => {
      const rows = await positionRange(deviceId, from, to, after).selectAll().orderBy('fixTime').orderBy('id').limit(limit).execute();
      return rows.map(codecs.position.fromRow);
    },

    /**
     * Up to `limit` events of the device in [from, to] after the cursor, by event time; only the
     * given types (all when undefined), and only events whose geofence and maintenance are in the
     * given id sets (when given; events without one always pass).
     */
    events: async (
      deviceId: number,
      from: number,
      to: number,
      filter: { types: string[] | undefined; geofenceIds: IdSet | undefined; maintenanceIds: IdSet | undefined },
      after: PageCursor | undefined,
      limit: number,
    ): Promise<Event[]> => {
      let query = db.selectFrom('events').selectAll().where('deviceId', '=', deviceId).where('eventTime', '<=', to);
      query = after
        ? query.where('eventTime', '>=', after.time).where((eb) => eb.or([eb('eventTime', '>', after.time), eb('id', '>', after.id)]))
        : query.where('eventTime', '>=', from);
      if (filter.types) query = query.where('type', 'in', filter.types.length > 0 ? filter.types : ['']);
      for (const [column, ids] of [['geofenceId', filter.geofenceIds], ['maintenanceId', filter.maintenanceIds]] as const) {
        if (ids) query = query.where((eb) => eb.or([eb(column, 'is', null), eb(column, 'in', ids as unknown as Expression<number>)]) as Expression<SqlBool>);
      }
      const rows = await query.orderBy('eventTime').orderBy('id').limit(limit).execute();
      return rows.map(codecs.event.fromRow);
    },

    /**
     * Devices of a report: those in `accessible` that were asked for by id or sit in one of the
     * asked groups or their sub-groups (any depth); all of `accessible` when nothing was asked.
     */
    devices: async (accessible: IdSet, deviceIds: number[], groupIds: number[]): Promise<Device[]> => {
      let query = db.selectFrom('devices_with_latest').selectAll().where('id', 'in', accessible as unknown as Expression<number>);
      if (deviceIds.length > 0 || groupIds.length > 0) {
        const groups = sql`(
          with recursive tree(id) as (
            select id from "groups" where id in (${sql.join(groupIds.length > 0 ? groupIds : [-1])})
            union
            select g.id from "groups" g join tree t on g."groupId" = t.id
          ) select id from tree)`;
        query = query.where((eb) => eb.or([eb('id', 'in', deviceIds.length > 0 ? deviceIds : [-1]), eb('groupId', 'in', groups as unknown as Expression<number>)]));
      }
      const rows = await query.orderBy(sql`lower(name)`).orderBy('id').execute();
      return rows.map(codecs.device.fromRow);
    },

    /** Driver names by unique id. */
    driverNames: async (uniqueIds: string[]): Promise<Map<string, string>> => {
      if (uniqueIds.length === 0) return new Map();
      const rows = await db.selectFrom('drivers').select(['uniqueId', 'name']).where('uniqueId', 'in', uniqueIds).execute();
      return new Map(rows.map((row) => [row.uniqueId, row.name]));
    },

    /** Names of geofences and maintenances, for spreadsheet columns. */
    names: async (table: 'geofences' | 'maintenances', ids: number[]): Promise<Map<number, string>> => {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [Number(row.id), row.name]));
    },
  };
};

export type ReportRepository = ReturnType<typeof createReportRepository>;
