import type { Event } from '@tracklane/domain';
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';
import type { IngestOutcome, IngestRecord, IngestWriter } from './ingest-writer.js';
import { createBatchPacker, createSqliteBatchWriter, type BatchPacker, type SqliteBatch, type SqliteBatchResults } from './sqlite-ingest-batch.js';
import type { SqliteIngestThread } from './sqlite-ingest-thread.js';
import { createPositionIndexer } from './sqlite-position-indexer.js';
import type { PositionIds } from './sqlite-position-ids.js';
import type { PositionTail } from './sqlite-position-tail.js';

export interface SqliteIngestTarget {
  db: Kysely<DatabaseSchema>;
  sqlite: SqliteDatabase.Database;
  positionIds: PositionIds;
  /** Told each id drawn, for queries by device before the indexing takes the position. */
  positionTail?: PositionTail;
  /** The writer thread of a database file; absent for an in-memory database, which no other thread can open. */
  thread?: SqliteIngestThread;
}

/** What a message's outcome needs from before the write. */
type Prepared = { positionId: number; events: Omit<Event, 'id'>[] };

/** Draws each position's id and asks its record for the events and state stored with it, into the batch. */
const prepareInto = (positionIds: PositionIds, positionTail: PositionTail | undefined, packer: BatchPacker) => (record: IngestRecord): Prepared => {
  const { deviceId, received, position } = record;
  const positionId = position ? positionIds.next() : 0;
  if (positionId > 0) positionTail?.drawn(deviceId, positionId);
  const { events, state } = record.complete(positionId);
  packer.add(deviceId, received, positionId, position, state, events.map((event) => codecs.event.toRow(event)));
  return { positionId, events };
};

/** Each message's outcome, read from the writer's flat results in message order. */
const outcomesOf = (prepared: Prepared[], results: SqliteBatchResults): IngestOutcome[] => {
  let at = 0;
  return prepared.map(({ positionId, events }) => {
    const latestId = results[at]!;
    const firstEventId = at + 2;
    at = firstEventId + results[at + 1]!;
    return { positionId, latestId, events: events.map((event, index): Event => ({ ...event, id: results[firstEventId + index]! })) };
  });
};

/** The batch on the event loop, holding Kysely's single connection; an indexing pass due goes with it, whole (an in-memory database is small). */
const committedHere = (db: Kysely<DatabaseSchema>, sqlite: SqliteDatabase.Database) => {
  const indexer = createPositionIndexer(sqlite);
  const writeBatch = createSqliteBatchWriter(sqlite, indexer);
  return (batch: SqliteBatch): Promise<SqliteBatchResults> =>
    db.connection().execute(async () => {
      const results = writeBatch(batch);
      try {
        while (indexer.step());
      } catch {
        // the batch is committed whatever becomes of the indexing, which the next batch takes up again
      }
      return results;
    });
};

/**
 * SQLite: the whole batch in one transaction of prepared statements. On a database file it runs on
 * the writer thread; in memory it runs here, holding Kysely's connection so it never interleaves
 * with a transaction of the API.
 */
export const createSqliteIngestWriter = ({ db, sqlite, positionIds, positionTail, thread }: SqliteIngestTarget): IngestWriter => {
  const commit = thread ? (batch: SqliteBatch) => thread.write(batch) : committedHere(db, sqlite);
  return {
    write: async (records) => {
      const packer = createBatchPacker();
      const prepared = records.map(prepareInto(positionIds, positionTail, packer));
      return outcomesOf(prepared, await commit(packer.batch));
    },
    // the thread takes the next batch while the event loop finishes the last one (acknowledgements, live updates)
    concurrency: thread ? 2 : 1,
  };
};
