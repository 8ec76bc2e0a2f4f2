import type { Event } from '@tracklane/domain';
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './database-schema.js';
import { withEventId } from '../processing/events/pending-event.js';
import { codecs } from './codecs.js';
import type { IngestOutcome, IngestRecord, IngestWriter } from './ingest-writer.js';
import { createBatchPacker, createSqliteBatchWriter, type SqliteBatch, type SqliteBatchResults } from './sqlite-ingest-batch.js';
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
type Prepared = { positionId: number; events: Omit<Event, 'id'>[]; state: string | undefined };

/**
 * The batch's records in device order (stable: a device's own records keep their order). Trackers
 * report in no particular order, and a batch of devices taken at random updated their latest-position
 * rows on as many scattered pages, and its positions, stored in that order, were as scattered for the
 * positions index's passes, which read them device by device; each page a transaction changes is
 * written whole to the WAL. GT06 at 30,000/s over TCP reshuffled every round, two interleaved pairs:
 * the writer thread 22.7–22.8 against 25.7–26.0 % of a core, ack p99 414–565 against 985–1,041 ms.
 * The records themselves are completed in their own order, so the event loop reads what it keeps
 * for each device in the order the devices reported (sorting the group commit's batch itself cost
 * the event loop as much as it saved the writer when that order is one the devices keep).
 */
const deviceOrder = (records: readonly IngestRecord[]): number[] =>
  records.map((_, index) => index).sort((a, b) => records[a]!.deviceId - records[b]!.deviceId || a - b);

/** Draws the positions' ids in the batch's device order, so a device's neighbours' positions are stored beside its own. */
const drawIds = (positionIds: PositionIds, positionTail: PositionTail | undefined, records: readonly IngestRecord[], order: readonly number[]): number[] => {
  const ids = new Array<number>(records.length).fill(0);
  for (const index of order) {
    const { deviceId, position } = records[index]!;
    if (!position) continue;
    ids[index] = positionIds.next();
    positionTail?.drawn(deviceId, ids[index]!);
  }
  return ids;
};

/**
 * A record's events and state, now that its position's id is known. Written out field by field: an
 * object spread with a property added (`{ ...complete, positionId }`) is allocated by V8 11 (Node 20)
 * in a way that lands in the old generation, so each message left garbage there for a mark-compact
 * to collect. At 20,000 GT06 positions/s in a kept random order that spread was two thirds of all
 * the bytes the event loop promoted (V8's sampling heap profile of objects surviving scavenges), and
 * promotion fell from 3.6 to 1.8 MB/s without it.
 */
const preparedOf = (record: IngestRecord, positionId: number): Prepared => {
  const { events, state } = record.complete(positionId);
  return { positionId, events, state };
};

/** Each message's outcome, read from the writer's flat results in the order the batch was packed, given back in message order. */
const outcomesOf = (prepared: readonly Prepared[], order: readonly number[], results: SqliteBatchResults): IngestOutcome[] => {
  const outcomes = new Array<IngestOutcome>(prepared.length);
  let at = 0;
  for (const index of order) {
    const { positionId, events } = prepared[index]!;
    const latestId = results[at]!;
    const firstEventId = at + 2;
    at = firstEventId + results[at + 1]!;
    outcomes[index] = { positionId, latestId, events: events.map((event, offset) => withEventId(event, results[firstEventId + offset]!)) };
  }
  return outcomes;
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
      const order = deviceOrder(records);
      const ids = drawIds(positionIds, positionTail, records, order);
      const prepared = records.map((record, index) => preparedOf(record, ids[index]!));
      const packer = createBatchPacker();
      for (const index of order) {
        const { deviceId, received, position } = records[index]!;
        const { positionId, state, events } = prepared[index]!;
        packer.add(deviceId, received, positionId, position, state, events.map((event) => codecs.event.toRow(event)));
      }
      return outcomesOf(prepared, order, await commit(packer.batch));
    },
    // the thread takes the next batch while the event loop finishes the last one (acknowledgements, live updates)
    concurrency: thread ? 2 : 1,
  };
};
