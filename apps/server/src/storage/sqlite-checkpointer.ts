import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { WRITER_CHECKPOINT_PAGES } from './sqlite-connection.js';

// CommonJS, evaluated by the worker: its own connection, passive checkpoints, often while the WAL grows
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
let lastLog = -1;
let lastGrowth = 0;
let timer;
const checkpoint = () => {
  try {
    const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
    const now = Date.now();
    if (log !== lastLog) lastGrowth = now;
    lastLog = log;
    if (now - lastGrowth >= workerData.idleMs) return workerData.idleMs;
    // past the writer's limit its commits checkpoint, and need the checkpoint lock these rounds would hold
    return log >= workerData.catchUpPages && log < workerData.writerPages ? 0 : workerData.activeMs;
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
    return workerData.idleMs;
  }
};
const next = () => {
  timer = setTimeout(next, checkpoint());
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

/** When the checkpointer copies; the defaults suit the server's writing connection (sqlite-connection.ts). */
export interface CheckpointSchedule {
  /** Between checkpoints while the WAL grows, below `catchUpPages`. */
  activeMs: number;
  /** Between checkpoints once nothing has been written for this long. */
  idleMs: number;
  /**
   * From this many pages in the WAL, checkpoints follow each other without a pause. A PASSIVE
   * checkpoint syncs the database file only in a round that leaves nothing to copy, and only such a
   * round lets the writer's next transaction start the WAL over. Rounds a tenth of a second apart
   * came to find new commits behind them nearly every time, and the writer then checkpointed itself
   * at its limit, syncing a whole WAL's worth of copied pages (about 100 ms, every second at 10,000
   * positions/s after two minutes). Back to back, a round copies the few commits made during the
   * previous one and soon ends between two of them. The first such round syncs everything copied
   * since the last one (100-200 ms once each position dirties a page of its own). Starting at half
   * the limit instead of three quarters, the writer reached it 59 times in 300 s at 10,000
   * positions/s against 167, but the checkpointer thread took 13-16 % of a core against 10-12 %, the
   * ack p99 was not lower (178 and 313 ms against 78, 107 and 196, once 2.5 s) and at 16,000/s the
   * server fell further behind (14,902/s against 15,397/s acknowledged).
   */
  catchUpPages: number;
  /** ...until it holds this many, where the writer checkpoints at its commits (its `wal_autocheckpoint`). */
  writerPages: number;
}

const DEFAULT_SCHEDULE: CheckpointSchedule = {
  activeMs: 100,
  idleMs: 1000,
  catchUpPages: Math.round(WRITER_CHECKPOINT_PAGES * 0.75),
  writerPages: WRITER_CHECKPOINT_PAGES,
};

/**
 * Copies the write-ahead log into the database file from a worker thread with its own connection.
 * Left to the writing connection, SQLite checkpoints inside whichever commit crosses the threshold:
 * that commit then copies megabytes and waits for fsync, stalling every tracker's acknowledgement
 * and the live map for up to a hundred milliseconds. A passive checkpoint never blocks the writer.
 * Every `activeMs` while the WAL grows, back to back from `catchUpPages` (so that the WAL starts
 * over before the writer's own limit, see sqlite-connection.ts) up to `writerPages`, every `idleMs`
 * once nothing has been written for that long.
 */
export const startSqliteCheckpointer = (file: string, onError: (message: string) => void, schedule: Partial<CheckpointSchedule> = {}): SqliteCheckpointer => {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, ...DEFAULT_SCHEDULE, ...schedule } });
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
