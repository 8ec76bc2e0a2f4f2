import type { Event } from '@tracklane/domain';
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';
import type { IngestOutcome, IngestRecord, IngestWriter } from './ingest-writer.js';
import { createColumnSharer, createRowPacker, createSqliteBatchWriter, type SqliteBatchItem, type SqliteBatchResult } from './sqlite-ingest-batch.js';
import type { SqliteIngestThread } from './sqlite-ingest-thread.js';
import type { PositionIds } from './sqlite-position-ids.js';

export interface SqliteIngestTarget {
  db: Kysely<DatabaseSchema>;
  sqlite: SqliteDatabase.Database;
  positionIds: PositionIds;
  /** The writer thread of a database file; absent for an in-memory database, which no other thread can open. */
  thread?: SqliteIngestThread;
}

type Prepared = { item: SqliteBatchItem; events: Omit<Event, 'id'>[] };

/** Draws each position's id and asks its record for the events and state stored with it. */
const createPreparer = (positionIds: PositionIds) => {
  const positionColumns = createColumnSharer();
  const eventRow = createRowPacker();
  return (record: IngestRecord): Prepared => {
    const { deviceId, received, position } = record;
    const positionId = position ? positionIds.next() : 0;
    const { events, state } = record.complete(positionId);
    return {
      item: [
        deviceId,
        received,
        positionId,
        position?.fixTime ?? 0,
        position && positionColumns(position.row),
        position && Object.values(position.row),
        state,
        events.map((event) => eventRow(codecs.event.toRow(event))),
      ],
      events,
    };
  };
};

const outcomeOf = ({ item: [, , positionId], events }: Prepared, [latestId, eventIds]: SqliteBatchResult): IngestOutcome => ({
  positionId,
  latestId,
  events: events.map((event, index): Event => ({ ...event, id: eventIds[index]! })),
});

/** The batch on the event loop, holding Kysely's single connection. */
const committedHere = (db: Kysely<DatabaseSchema>, sqlite: SqliteDatabase.Database) => {
  const writeBatch = createSqliteBatchWriter(sqlite);
  return (items: SqliteBatchItem[]): Promise<SqliteBatchResult[]> => db.connection().execute(async () => writeBatch(items));
};

/**
 * SQLite: the whole batch in one transaction of prepared statements. On a database file it runs on
 * the writer thread; in memory it runs here, holding Kysely's connection so it never interleaves
 * with a transaction of the API.
 */
export const createSqliteIngestWriter = ({ db, sqlite, positionIds, thread }: SqliteIngestTarget): IngestWriter => {
  const commit = thread ? (items: SqliteBatchItem[]) => thread.write(items) : committedHere(db, sqlite);
  const prepare = createPreparer(positionIds);
  return {
    write: async (records) => {
      const prepared = records.map(prepare);
      const results = await commit(prepared.map(({ item }) => item));
      return prepared.map((entry, index) => outcomeOf(entry, results[index]!));
    },
    // the thread takes the next batch while the event loop finishes the last one (acknowledgements, live updates)
    concurrency: thread ? 2 : 1,
  };
};
