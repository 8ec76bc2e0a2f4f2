import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../threads/module-worker.js';
import type { SqliteBatch, SqliteBatchResults } from './sqlite-ingest-batch.js';

export type WriterRequest = { kind: 'write'; seq: number; batch: SqliteBatch } | { kind: 'close' };
export type WriterReply = { seq: number; results: SqliteBatchResults } | { seq: number; error: string };

export interface SqliteIngestThread {
  /** Writes a batch on the writer thread; resolves once it is committed. */
  write(batch: SqliteBatch): Promise<SqliteBatchResults>;
  /** Lets the batches already sent commit, then stops the thread. */
  close(): Promise<void>;
}

interface Pending {
  resolve(results: SqliteBatchResults): void;
  reject(error: Error): void;
}

/** One started worker and the batches it holds. */
interface Generation {
  worker: Worker;
  pending: Map<number, Pending>;
  exited: Promise<void>;
}

/**
 * The ingest's SQLite writes on a thread of their own, with their own connection: the commit's
 * CPU time (a fifth of the event loop's per position) leaves the thread that reads trackers and
 * serves the API. Batches commit in the order sent. A thread that fails or dies fails the batches
 * it held (their positions go unacknowledged and the trackers resend them); the next batch starts a
 * new one.
 */
export const startSqliteIngestThread = (file: string): SqliteIngestThread => {
  let seq = 0;
  let current: Generation | undefined;
  let closed = false;

  const spawn = (): Generation => {
    const worker = startModuleWorker(import.meta.url, 'sqlite-ingest.worker', { workerData: { file } });
    worker.unref();
    const pending = new Map<number, Pending>();
    const retire = (error: Error) => {
      if (current?.worker === worker) current = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on('message', (reply: WriterReply) => {
      const waiting = pending.get(reply.seq);
      pending.delete(reply.seq);
      if (pending.size === 0) worker.unref();
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.results);
    });
    worker.on('error', (error) => retire(new Error(`SQLite writer thread failed: ${error.message}`)));
    const exited = new Promise<void>((resolve) =>
      worker.once('exit', (code) => {
        retire(new Error(`SQLite writer thread stopped (exit code ${code})`));
        resolve();
      }),
    );
    return { worker, pending, exited };
  };

  return {
    write: (batch) =>
      new Promise((resolve, reject) => {
        if (closed) throw new Error('The database is closed');
        const { worker, pending } = (current ??= spawn());
        const request: WriterRequest = { kind: 'write', seq: ++seq, batch };
        pending.set(request.seq, { resolve, reject });
        // a batch in flight keeps the process alive, an idle thread does not
        if (pending.size === 1) worker.ref();
        worker.postMessage(request);
      }),
    close: async () => {
      closed = true;
      const last = current;
      current = undefined;
      // until it has exited: an idle thread is unreferenced, and a process with nothing else to do would end before it
      last?.worker.ref();
      last?.worker.postMessage({ kind: 'close' } satisfies WriterRequest);
      await last?.exited;
    },
  };
};
