import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const DEFAULT_INTERVAL_MS = 500;

// CommonJS, evaluated by the worker: its own connection, a passive checkpoint every interval
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface SqliteCheckpointer {
  close(): Promise<void>;
}

/**
 * Copies the write-ahead log into the database file from a worker thread with its own connection.
 * Left to the writing connection, SQLite checkpoints inside whichever commit crosses the threshold:
 * that commit then copies megabytes and waits for fsync, stalling every tracker's acknowledgement
 * and the live map for up to a hundred milliseconds. A passive checkpoint never blocks the writer.
 */
export const startSqliteCheckpointer = (file: string, onError: (message: string) => void, intervalMs = DEFAULT_INTERVAL_MS): SqliteCheckpointer => {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, intervalMs } });
  worker.unref();
  worker.on('message', (message: { error?: string }) => message.error && onError(message.error));
  worker.on('error', (error) => onError(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    close: async () => {
      // the last checkpoint happens while closing: the process must not end before it
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
};
