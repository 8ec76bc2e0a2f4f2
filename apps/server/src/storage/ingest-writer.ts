import type { Event } from '@tracklane/domain';
import type { Storage } from './database.js';
import { createPostgresIngestWriter } from './postgres-ingest-writer.js';
import { createSqliteIngestWriter } from './sqlite-ingest-writer.js';

/** What one ingested message stores, decided by the pipeline before the write. */
export interface IngestRecord {
  deviceId: number;
  /** Epoch ms the message arrived: the device's `lastUpdate`. */
  received: number;
  /** The position's row (codecs.position), absent when a filter dropped it. */
  position?: { row: Record<string, unknown>; fixTime: number };
  /**
   * Called once the position's id is known (0 for a filtered message), just before the write: the
   * events and detector state stored with it. May run again if the batch is retried item by item.
   */
  complete(positionId: number): { events: Omit<Event, 'id'>[]; state?: string };
}

export interface IngestOutcome {
  /** The stored position's id, 0 when none was stored. */
  positionId: number;
  /** The device's latest position after the write (the new one unless an older fix arrived late). */
  latestId: number;
  events: Event[];
}

/**
 * Stores a batch of ingested messages in one transaction: positions, the device's status, lastUpdate
 * and latest position, events and detector state. Each dialect writes the batch its cheapest way
 * (prepared statements on SQLite, multi-row statements on PostgreSQL); the outcome is the same.
 * At most one record per device in a batch (ingest serialises each device's messages).
 */
export interface IngestWriter {
  write(records: IngestRecord[]): Promise<IngestOutcome[]>;
  /** Batches it can write side by side (one connection each); 1 when absent. */
  concurrency?: number;
}

export const createIngestWriter = ({ db, sqlite, positionIds, positionTail, ingestThread }: Storage): IngestWriter =>
  sqlite && positionIds ? createSqliteIngestWriter({ db, sqlite, positionIds, positionTail, thread: ingestThread }) : createPostgresIngestWriter(db);
