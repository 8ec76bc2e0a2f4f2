import { createHash } from 'node:crypto';
import type { Event } from '@tracklane/domain';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';
import { columnsOf, quoted } from './ingest-rows.js';
import type { IngestOutcome, IngestRecord, IngestWriter } from './ingest-writer.js';
import { createIdReserve, type IdSource } from './postgres-id-reserve.js';
import { jsonRow } from './postgres-json-rows.js';
import { INGEST_CONNECTIONS, postgresIngestPoolOf } from './postgres-pool.js';

// Ids are drawn ahead, a block at a time; each draw is a transaction PostgreSQL flushes to disk,
// so a block lasts a busy server a good part of a second (events come fewer than positions, but
// when thousands of devices start moving at once nearly every position has one).
const POSITION_ID_BLOCK = 4096;
const EVENT_ID_BLOCK = 1024;

// Statements here are prepared once per connection, by name: no parsing or planning per batch.
// The drawn ids come back as runs of consecutive ids: one row, unless another instance drew at the same time.
const NEXT_IDS = {
  name: 'tracklane_ingest_next_id_runs',
  text: `select min(id) as first, max(id) as last
    from (select id, id - row_number() over (order by id) as run
      from (select nextval(pg_get_serial_sequence($1, 'id')) as id from generate_series(1, $2::int)) as drawn) as numbered
    group by run order by first`,
};

const idSource = (pool: pg.Pool, table: 'positions' | 'events'): IdSource => async (count) => {
  const { rows } = await pool.query<{ first: string; last: string }>({ ...NEXT_IDS, values: [table, count] });
  return rows.map((row) => ({ first: Number(row.first), last: Number(row.last) }));
};

const insertFromJson = (table: 'positions' | 'events', columns: string[], parameter: number): string => {
  const list = ['id', ...columns].map(quoted).join(', ');
  return `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $${parameter}::json)`;
};

/**
 * The whole batch in one statement — one round trip, atomic without BEGIN/COMMIT. Its parts all
 * see the database as it was before it, which is what the device update needs: the device's
 * current latest position is never one of this batch (one record per device per batch).
 * The new position becomes the latest unless the current latest has a later fix (a missing or
 * gone latest counts as older), as on SQLite; one index probe per device, however big the table.
 * The devices are also named as an array, whose size the planner can estimate: from the JSON alone
 * it read the whole devices table for every batch (a quarter of a batch's time at 20,000 devices).
 */
const batchStatement = (positionColumns: string[]): string => `with
  new_positions as (${insertFromJson('positions', positionColumns, 1)}),
  new_events as (${insertFromJson('events', codecs.event.writableColumns, 2)}),
  states as (insert into processing_states ("deviceId", state)
    select "deviceId", state from json_populate_recordset(null::processing_states, $3::json)
    on conflict ("deviceId") do update set state = excluded.state),
  latest as (update devices as d set status = 'online', "lastUpdate" = v.received,
    "positionId" = case
      when v.pid = 0 then d."positionId"
      when coalesce((select p."fixTime" <= v.fix from positions p where p.id = d."positionId"), true) then v.pid
      else d."positionId" end
    from json_to_recordset($4::json) as v(id bigint, pid bigint, fix bigint, received bigint)
    where d.id = v.id and d.id = any($5::bigint[])
    returning d.id, d."positionId")
select id, "positionId" from latest`;

type Completed = { record: IngestRecord; positionId: number } & ReturnType<IngestRecord['complete']>;

/** Each record's position id (0 when filtered) and what `complete` made of it. */
const completeAll = (records: IngestRecord[], ids: number[]): Completed[] => {
  let next = 0;
  return records.map((record) => {
    const positionId = record.position ? ids[next++]! : 0;
    return { record, positionId, ...record.complete(positionId) };
  });
};

/**
 * An array of ids as PostgreSQL's array text (`{1,2,3}`), written by JSON.stringify: the client's own
 * conversion calls toString() on each number, and V8's number-to-string cache kept each text alive
 * until it was promoted.
 */
const idArrayText = (ids: number[]): string => `{${JSON.stringify(ids).slice(1, -1)}}`;

/** The statement's parameters: positions, events, detector states and device updates as JSON, then the devices' ids. */
const parametersOf = (completed: Completed[], events: Omit<Event, 'id'>[], eventIds: number[]): string[] => [
  JSON.stringify(completed.filter((item) => item.record.position).map((item) => jsonRow(item.positionId, item.record.position!.row))),
  JSON.stringify(events.map((event, index) => jsonRow(eventIds[index]!, codecs.event.toRow(event)))),
  JSON.stringify(completed.filter((item) => item.state !== undefined).map((item) => ({ deviceId: item.record.deviceId, state: item.state }))),
  JSON.stringify(completed.map(({ record, positionId }) => ({ id: record.deviceId, pid: positionId, fix: record.position?.fixTime ?? 0, received: record.received }))),
  idArrayText(completed.map(({ record }) => record.deviceId)),
];

/**
 * PostgreSQL: one statement per batch whatever its size, on the ingest's own connections (never
 * one an API transaction holds, nor behind the queries queued for the shared pool), one batch per
 * connection at a time. Ids come from
 * a reserve rather than from the statement, since `complete` needs a position's id before its
 * events are known.
 */
export const createPostgresIngestWriter = (db: Kysely<DatabaseSchema>): IngestWriter => {
  const pool = postgresIngestPoolOf(db);
  const positionIds = createIdReserve(idSource(pool, 'positions'), POSITION_ID_BLOCK);
  const eventIds = createIdReserve(idSource(pool, 'events'), EVENT_ID_BLOCK);
  const statements = new Map<string, { name: string; text: string }>();
  const statementFor = (positionColumns: string[]) => {
    const key = positionColumns.join(',');
    let statement = statements.get(key);
    if (!statement) {
      const text = batchStatement(positionColumns);
      statement = { name: `tracklane_ingest_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`, text };
      statements.set(key, statement);
    }
    return statement;
  };

  const write = async (records: IngestRecord[]): Promise<IngestOutcome[]> => {
    const first = records.find((record) => record.position);
    const completed = completeAll(records, await positionIds.take(records.filter((record) => record.position).length));
    const events = completed.flatMap((item) => item.events);
    const newEventIds = await eventIds.take(events.length);
    const statement = statementFor(first ? columnsOf(first.position!.row) : codecs.position.writableColumns);
    const { rows } = await pool.query<{ id: number; positionId: number | null }>({ ...statement, values: parametersOf(completed, events, newEventIds) });

    const latest = new Map(rows.map((row) => [Number(row.id), Number(row.positionId ?? 0)]));
    let nextEvent = 0;
    return completed.map((item) => ({
      positionId: item.positionId,
      latestId: latest.get(item.record.deviceId) ?? 0,
      events: item.events.map((event): Event => ({ ...event, id: newEventIds[nextEvent++]! })),
    }));
  };
  return { write, concurrency: INGEST_CONNECTIONS };
};
