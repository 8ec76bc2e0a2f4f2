import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteConnection } from './sqlite-connection.js';
import { HOLD_FROM_MESSAGES } from './sqlite-device-latest.js';
import { createSqliteBatchWriter, type SqliteBatch } from './sqlite-ingest-batch.js';
import type { WriterReply, WriterRequest } from './sqlite-ingest-thread.js';
import { createPositionIndexer, startPositionIndexing } from './sqlite-position-indexer.js';

// The ingest's SQLite writer thread: its own connection, one batch at a time, in arrival order, and
// between batches the indexing of the positions stored a few seconds before. A busy server's batches
// have their devices' rows of device_latest held back (sqlite-device-latest.ts).
const port = parentPort!;
const sqlite = openSqliteConnection((workerData as { file: string }).file);
const indexer = createPositionIndexer(sqlite);
const writeBatch = createSqliteBatchWriter(sqlite, indexer, { holdsRowsOf: (messages) => messages >= HOLD_FROM_MESSAGES });
const indexing = startPositionIndexing(indexer);

const write = (seq: number, batch: SqliteBatch): WriterReply => {
  try {
    return { seq, results: writeBatch(batch) };
  } catch (error) {
    return { seq, error: error instanceof Error ? error.message : String(error) };
  }
};

port.on('message', (request: WriterRequest) => {
  if (request.kind === 'write') {
    port.postMessage(write(request.seq, request.batch));
    indexing.poke();
    return;
  }
  indexing.stop();
  try {
    writeBatch.writeHeldLatest();
  } catch {
    // left held: the next start makes the positions stored since latest again (sqlite-device-latest.ts)
  }
  sqlite.close();
  port.close();
});
