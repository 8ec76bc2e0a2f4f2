import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Between checkpoints while the WAL grows: the writer's own checkpoint then has at most this much left to copy. */
const ACTIVE_INTERVAL_MS = 100;
/** Between checkpoints while nothing is written. */
const IDLE_INTERVAL_MS = 1000;

// CommonJS, evaluated by the worker: its own connection, passive checkpoints, often while the WAL grows
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
let lastLog = -1;
let timer;
const checkpoint = () => {
  try {
    const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
    const growing = log !== lastLog;
    lastLog = log;
    return growing;
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
    return false;
  }
};
const next = () => {
  timer = setTimeout(next, checkpoint() ? workerData.activeMs : workerData.idleMs);
};
timer = setTimeout(next, workerData.activeMs);
parentPort.on('message', () => {
  clearTimeout(timer);
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
 * and the live map for up to a hundred milliseconds. A passive checkpoint never blocks the writer,
 * which then finds little left to copy when the WAL reaches its limit (see sqlite-connection.ts).
 * Every `activeMs` while the WAL grows, every `idleMs` while it does not.
 */
export const startSqliteCheckpointer = (file: string, onError: (message: string) => void, activeMs = ACTIVE_INTERVAL_MS, idleMs = IDLE_INTERVAL_MS): SqliteCheckpointer => {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, activeMs, idleMs } });
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
