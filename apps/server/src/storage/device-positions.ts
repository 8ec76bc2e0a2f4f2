import { sql, type AliasedRawBuilder, type Selectable } from 'kysely';
import type { PositionRow } from './database-schema.js';
import type { Dialect } from './database.js';
import { NOTHING_KNOWN, type PositionTail } from './sqlite-position-tail.js';

/** What `tail` remembers of the devices; without one, nothing: the whole tail is read. */
export const tailOf = (tail: PositionTail | undefined, deviceIds: readonly number[]) => tail?.of(deviceIds) ?? { ids: [], knownFrom: NOTHING_KNOWN };

/** One device's positions, as `positions` in a query that reads them by device. */
export type DevicePositions = AliasedRawBuilder<Selectable<PositionRow>, 'positions'>;

/**
 * Where a query by device reads its positions. On SQLite (migrations 0005 and 0006): the indexed
 * ones through the index; the newest, not indexed yet, by the ids the ingest drew for the device
 * (`tail`); and those it drew before it remembers, or before this process started, from the rest of
 * the tail. The tail's own conditions keep a position the indexing has taken since from being read
 * twice, and ids drawn for rows not written yet (or never) find nothing. Elsewhere: `positions`.
 */
export const devicePositions = (dialect: Dialect, tail: PositionTail | undefined, deviceId: number): DevicePositions => {
  if (dialect !== 'sqlite') return sql<Selectable<PositionRow>>`${sql.table('positions')}`.as('positions');
  const { ids, knownFrom } = tailOf(tail, [deviceId]);
  return sql<Selectable<PositionRow>>`(select * from positions_indexed where "deviceId" = ${deviceId}
    union all select * from positions_tail where id in (select value from json_each(${JSON.stringify(ids)}))
    union all select * from positions_tail where id < ${knownFrom})`.as('positions');
};
