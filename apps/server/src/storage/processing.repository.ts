import { sql, type Kysely, type Transaction } from 'kysely';
import type { Position } from '@tracklane/domain';
import type { DatabaseSchema, PositionRow } from './database-schema.js';
import { codecs } from './codecs.js';
import type { Dialect } from './database.js';
import { tailOf } from './device-positions.js';
import { chunksOf } from './id-chunks.js';
import { linkTableName } from './link-tables.js';
import type { PositionTail } from './sqlite-position-tail.js';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;
type StoredPosition = PositionRow & Record<string, unknown>;

/** Objects a device can be linked to, directly or through its groups, that processing uses. */
export type ProcessingLinkKey = 'geofenceId' | 'driverId' | 'maintenanceId' | 'attributeId';
const PROCESSING_LINK_KEYS: readonly ProcessingLinkKey[] = ['geofenceId', 'driverId', 'maintenanceId', 'attributeId'];

/** One link row: `owner` (a device or a group) is linked to the `key` object `id`. */
export interface ProcessingLink {
  key: ProcessingLinkKey;
  owner: number;
  id: number;
}

/** A device's recent history to read: fix times in [from, to]. */
export interface PositionWindow {
  deviceId: number;
  from: number;
  to: number;
}

/** The windows as a VALUES table (columns column1, column2, … in both dialects) of device id and bounds. */
const windowTable = (windows: readonly PositionWindow[], bounds: (window: PositionWindow) => number[]) =>
  sql`(values ${sql.join(windows.map((window) => sql`(${sql.join([window.deviceId, ...bounds(window)].map((value) => sql`cast(${value} as bigint)`))})`))}) as w`;

/** Queries of the position pipeline: detector state, recent history and the objects linked to a device. */
export const createProcessingRepository = (root: Kysely<DatabaseSchema>, dialect: Dialect, tail?: PositionTail) => {
  const inChunks = async <T>(items: readonly number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> =>
    (await Promise.all(chunksOf([...new Set(items)]).map(read))).flat();

  // one index probe per window either way; a VALUES table keeps planning cheap where a union or an
  // OR of hundreds of terms did not
  const positionsBefore = async (windows: PositionWindow[]) => {
    const table = windowTable(windows, (window) => [window.from]);
    const latestBefore = sql`select q.id from positions q where q."deviceId" = w.column1 and q."fixTime" < w.column2 order by q."fixTime" desc, q.id desc limit 1`;
    return (await sql<StoredPosition>`select p.* from positions p where p.id in (select (${latestBefore}) from ${table})`.execute(root)).rows;
  };
  const positionsInside = async (windows: PositionWindow[]) => {
    const table = windowTable(windows, (window) => [window.from, window.to]);
    return (await sql<StoredPosition>`select p.* from ${table} join positions p on p."deviceId" = w.column1 and p."fixTime" >= w.column2 and p."fixTime" <= w.column3`.execute(root)).rows;
  };
  const windowsOf = async (windows: PositionWindow[]) => (await Promise.all([positionsBefore(windows), positionsInside(windows)])).flat();

  /**
   * SQLite, where the newest positions are not indexed yet (migration 0005): the indexed ones
   * through the index as above, and the tail's for the windows' devices (by the ids the ingest drew
   * for them, and from the rest of the tail those drawn before it remembers: device-positions.ts),
   * sorted out here. One statement, so that an indexing pass committed between two reads cannot hide
   * a position from both.
   */
  const sqliteWindowsOf = async (windows: PositionWindow[]) => {
    const table = windowTable(windows, (window) => [window.from, window.to]);
    const { ids, knownFrom } = tailOf(tail, windows.map((window) => window.deviceId));
    const latestBefore = sql`select i.id from position_index i where i."deviceId" = w.column1 and i."fixTime" < w.column2 order by i."fixTime" desc, i.id desc limit 1`;
    const { rows } = await sql<StoredPosition & { part: number }>`
      select p.*, 0 as part from positions_data p where p.id in (select (${latestBefore}) from ${table})
      union all select p.*, 1 as part from ${table} join position_index i on i."deviceId" = w.column1 and i."fixTime" >= w.column2 and i."fixTime" <= w.column3
        join positions_data p on p.id = i.id
      union all select t.*, 2 as part from positions_tail t where t.id in (select value from json_each(${JSON.stringify(ids)}))
      union all select t.*, 2 as part from positions_tail t where t.id < ${knownFrom} and t."deviceId" in (select column1 from ${table})`.execute(root);
    const byDevice = new Map(windows.map((window) => [window.deviceId, window]));
    const latest = new Map<number, StoredPosition>();
    const later = (a: StoredPosition, b: StoredPosition) => Number(a.fixTime) > Number(b.fixTime) || (Number(a.fixTime) === Number(b.fixTime) && Number(a.id) > Number(b.id));
    const inside: StoredPosition[] = [];
    for (const { part, ...row } of rows) {
      const window = byDevice.get(Number(row.deviceId))!;
      const fixTime = Number(row.fixTime);
      if (part === 1 || (part === 2 && fixTime >= window.from && fixTime <= window.to)) inside.push(row);
      else if (part === 0 || fixTime < window.from) {
        const current = latest.get(window.deviceId);
        if (!current || later(row, current)) latest.set(window.deviceId, row);
      }
    }
    return [...latest.values(), ...inside];
  };

  return {
    /** Stored detector states of the devices that have one, by device id. */
    loadStates: async (deviceIds: readonly number[]): Promise<Map<number, string>> => {
      const rows = await inChunks(deviceIds, (chunk) => root.selectFrom('processing_states').select(['deviceId', 'state']).where('deviceId', 'in', chunk).execute());
      return new Map(rows.map((row) => [Number(row.deviceId), row.state]));
    },
    saveState: async (deviceId: number, state: string, db: Db = root): Promise<void> => {
      await db.insertInto('processing_states').values({ deviceId, state }).onConflict((oc) => oc.column('deviceId').doUpdateSet({ state })).execute();
    },
    /** For each window, by device: positions with fix time in [from, to] plus the one just before `from`, ascending. */
    recentPositions: async (windows: readonly PositionWindow[]): Promise<Map<number, Position[]>> => {
      const read = dialect === 'sqlite' ? sqliteWindowsOf : windowsOf;
      const rows = (await Promise.all(chunksOf(windows).map(read))).flat().sort((a, b) => Number(a.fixTime) - Number(b.fixTime) || Number(a.id) - Number(b.id));
      const byDevice = new Map<number, Position[]>(windows.map((window) => [window.deviceId, []]));
      for (const row of rows) byDevice.get(Number(row.deviceId))?.push(codecs.position.fromRow(row));
      return byDevice;
    },
    /** Devices whose phone number, reduced to digits and +, is `phone`. */
    devicesByPhone: async (phone: string): Promise<number[]> => {
      const rows = await root.selectFrom('devices').select(['id', 'phone']).where('phone', 'is not', null).execute();
      return rows.filter((row) => row.phone!.replace(/[^\d+]/g, '') === phone).map((row) => Number(row.id));
    },
    /** Links of the devices (or groups) to geofences, drivers, maintenances and computed attributes. */
    links: (owner: 'deviceId' | 'groupId', ownerIds: readonly number[]): Promise<ProcessingLink[]> =>
      inChunks(ownerIds, async (chunk) => {
        const selects = PROCESSING_LINK_KEYS.map(
          (key) => sql`select ${sql.lit(key)} as ${sql.ref('key')}, ${sql.ref(owner)} as ${sql.ref('owner')}, ${sql.ref(key)} as ${sql.ref('id')} from ${sql.table(linkTableName(owner, key))} where ${sql.ref(owner)} in (${sql.join(chunk)})`,
        );
        const { rows } = await sql<{ key: ProcessingLinkKey; owner: number | string; id: number | string }>`${sql.join(selects, sql` union all `)}`.execute(root);
        return rows.map((row) => ({ key: row.key, owner: Number(row.owner), id: Number(row.id) }));
      }),
    /** Every id of an entity table in the order `EntityRepository.list` sorts by `sortColumn`. */
    idsInListOrder: async (table: keyof DatabaseSchema, sortColumn: string): Promise<number[]> => {
      const { rows } = await sql<{ id: number | string }>`select id from ${sql.table(table)} order by lower(${sql.ref(sortColumn)}), id`.execute(root);
      return rows.map((row) => Number(row.id));
    },
  };
};

export type ProcessingRepository = ReturnType<typeof createProcessingRepository>;
