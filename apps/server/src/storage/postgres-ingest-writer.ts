import type { Event } from '@tracklane/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';
import { columnsOf, quoted } from './ingest-rows.js';
import type { IngestOutcome, IngestRecord, IngestWriter } from './ingest-writer.js';

type Row = Record<string, unknown>;
type Trx = Transaction<DatabaseSchema>;

/** Ids drawn from the table's identity sequence up front, so rows and their ids pair up without relying on RETURNING order. */
const allocateIds = async (trx: Trx, table: 'positions' | 'events', count: number): Promise<number[]> => {
  if (count === 0) return [];
  const { rows } = await sql<{ id: string | number }>`select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${count})`.execute(trx);
  return rows.map((row) => Number(row.id));
};

const insertRows = async (trx: Trx, table: 'positions' | 'events', rows: Row[]): Promise<void> => {
  if (rows.length === 0) return;
  const columns = columnsOf(rows[0]!);
  const tuples = rows.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`);
  await sql`insert into ${sql.table(table)} (${sql.raw(columns.map(quoted).join(', '))}) values ${sql.join(tuples)}`.execute(trx);
};

/** One statement for every device of the batch; the same latest-position rule as SQLite. */
const recordMessages = async (trx: Trx, updates: { deviceId: number; positionId: number; fixTime: number; received: number }[]): Promise<Map<number, number>> => {
  const values = updates.map((u) => sql`(${u.deviceId}::bigint, ${u.positionId}::bigint, ${u.fixTime}::bigint, ${u.received}::bigint)`);
  const { rows } = await sql<{ id: string | number; positionId: string | number | null }>`
    update devices as d set status = 'online', "lastUpdate" = v.received,
      "positionId" = case
        when v.pid = 0 then d."positionId"
        when d."positionId" is null
          or not exists (select 1 from positions p where p.id = d."positionId")
          or (select p."fixTime" from positions p where p.id = d."positionId") <= v.fix
        then v.pid else d."positionId" end
    from (values ${sql.join(values)}) as v(id, pid, fix, received)
    where d.id = v.id
    returning d.id, d."positionId"`.execute(trx);
  return new Map(rows.map((row) => [Number(row.id), Number(row.positionId ?? 0)]));
};

const saveStates = async (trx: Trx, states: { deviceId: number; state: string }[]): Promise<void> => {
  if (states.length === 0) return;
  const values = states.map((s) => sql`(${s.deviceId}::bigint, ${s.state})`);
  await sql`insert into processing_states ("deviceId", state) values ${sql.join(values)} on conflict ("deviceId") do update set state = excluded.state`.execute(trx);
};

const writeBatch = async (trx: Trx, records: IngestRecord[]): Promise<IngestOutcome[]> => {
  const stored = records.filter((record) => record.position);
  const positionIds = await allocateIds(trx, 'positions', stored.length);
  const idOf = new Map(stored.map((record, index) => [record, positionIds[index]!]));
  const completed = records.map((record) => ({ record, positionId: idOf.get(record) ?? 0, ...record.complete(idOf.get(record) ?? 0) }));
  await insertRows(trx, 'positions', stored.map((record) => ({ id: idOf.get(record), ...record.position!.row })));
  const allEvents = completed.flatMap((item) => item.events);
  const eventIds = await allocateIds(trx, 'events', allEvents.length);
  await insertRows(trx, 'events', allEvents.map((event, index) => ({ id: eventIds[index], ...codecs.event.toRow(event) })));
  await saveStates(trx, completed.filter((item) => item.state !== undefined).map((item) => ({ deviceId: item.record.deviceId, state: item.state! })));
  const latest = await recordMessages(trx, records.map((record) => ({ deviceId: record.deviceId, positionId: idOf.get(record) ?? 0, fixTime: record.position?.fixTime ?? 0, received: record.received })));
  let nextEvent = 0;
  return completed.map((item) => ({
    positionId: item.positionId,
    latestId: latest.get(item.record.deviceId) ?? 0,
    events: item.events.map((event): Event => ({ ...event, id: eventIds[nextEvent++]! })),
  }));
};

/** PostgreSQL: a handful of multi-row statements per batch, whatever its size. */
export const createPostgresIngestWriter = (db: Kysely<DatabaseSchema>): IngestWriter => ({
  write: (records) => db.transaction().execute((trx) => writeBatch(trx, records)),
});
