import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { startModuleWorker } from '../../threads/module-worker.js';
import { ConnectionTable } from './connection-table.js';
import { createOutbox, openPayload, readRecordsFrom, RecordKind, type IoReply, type IoRequest, type IoWorkerData } from './tcp-io-records.js';

/** A tracker's TCP connection, as the event loop sees it: its socket lives on the I/O thread. */
export interface TrackerConnection {
  readonly remoteAddress: string;
  /** Closed, or asked to close: nothing more is read or written. */
  readonly destroyed: boolean;
  readonly paused: boolean;
  write(data: Uint8Array): void;
  pause(): void;
  resume(): void;
  destroy(): void;
}

/** What a listener does with one connection's bytes and its end. */
export interface ConnectionEvents {
  data(chunk: Buffer): void;
  /** The connection is gone (`error`: why, when it failed). Comes once, after its last data. */
  closed(error: string | undefined): void;
}

export interface TrackerListener {
  /** The bound port (a real one when 0 was asked for). */
  readonly port: number;
  /** Stops accepting and closes its connections; resolves once each one's `closed` has been called. */
  close(): Promise<void>;
}

/**
 * Whether the event loop takes more trackers' messages now. While it does not, what the I/O thread
 * sent waits as the bytes it came in (outside the heap), not as decoded messages queued in the heap.
 */
export interface TrackerIntake {
  hasRoom(): boolean;
  /** Calls `resume` once, from a later turn, when there is room again. */
  whenRoom(resume: () => void): void;
}

const ALWAYS_ROOM: TrackerIntake = { hasRoom: () => true, whenRoom: (resume) => setImmediate(resume) };

export interface TcpIoThread {
  listen(port: number, host: string, accept: (connection: TrackerConnection) => ConnectionEvents): Promise<TrackerListener>;
  /** Stops the thread; its listeners must be closed first. */
  close(): Promise<void>;
}

class Connection implements TrackerConnection {
  destroyed = false;
  paused = false;
  events: ConnectionEvents | undefined;

  constructor(
    readonly id: number,
    readonly remoteAddress: string,
    private readonly send: (kind: RecordKind, id: number, payload?: Uint8Array) => void,
  ) {}

  write(data: Uint8Array): void {
    if (!this.destroyed) this.send(RecordKind.write, this.id, data);
  }

  pause(): void {
    if (this.destroyed || this.paused) return;
    this.paused = true;
    this.send(RecordKind.pause, this.id);
  }

  resume(): void {
    if (this.destroyed || !this.paused) return;
    this.paused = false;
    this.send(RecordKind.resume, this.id);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.send(RecordKind.destroy, this.id);
  }
}

interface Listening {
  /** The port asked for, then the bound one. */
  port: number;
  bound: boolean;
  host: string;
  accept(connection: TrackerConnection): ConnectionEvents;
  /** Settles the pending listen() or close() of this listener. */
  settle?: { resolve(port: number): void; reject(error: Error): void };
}

const startIoWorker = (data: IoWorkerData): Worker => startModuleWorker(import.meta.url, 'tcp-io.worker', { workerData: data });

export interface TcpIoThreadOptions {
  /** Paces the records read (the ingest's admission); without it, every record is read as it comes. */
  intake?: TrackerIntake;
  startWorker?: (data: IoWorkerData) => Worker;
}

/**
 * The trackers' sockets on a thread of their own (`tcp-io.worker.ts`). The event loop gets each
 * connection's bytes and answers through `TrackerConnection`, in records batched per turn each
 * way. Started with the first listener. Should the thread die, its connections close (trackers
 * reconnect, as after any network cut) and a new thread listens on the same ports.
 */
export const createTcpIoThread = (log: FastifyBaseLogger, { intake = ALWAYS_ROOM, startWorker = startIoWorker }: TcpIoThreadOptions = {}): TcpIoThread => {
  const unread = new SharedArrayBuffer(4);
  const unreadBytes = new Int32Array(unread);
  const listeners = new Map<number, Listening>();
  const connections = new ConnectionTable<Connection>();
  let worker: Worker | undefined;
  let nextListener = 0;
  let stopping = false;

  // without a thread (it died, or is stopped) the records are for connections already closed
  const outbox = createOutbox((records) => worker?.postMessage(records satisfies IoRequest, [records.buffer]));
  /** Requests other than records go after the records before them, as the thread must act on them in order. */
  const request = (message: Exclude<IoRequest, Uint8Array>) => {
    outbox.flush();
    worker?.postMessage(message);
  };

  const closeConnection = (connection: Connection, error: string | undefined) => {
    connections.delete(connection.id);
    connection.destroyed = true;
    connection.events?.closed(error);
  };

  const opened = (id: number, payload: Buffer) => {
    const { listener, remoteAddress } = openPayload(payload);
    const connection = new Connection(id, remoteAddress, outbox.append);
    const owner = listeners.get(listener);
    if (!owner) return connection.destroy();
    connections.set(id, connection);
    try {
      connection.events = owner.accept(connection);
    } catch (error) {
      log.error({ err: error, remoteAddress }, 'tracker connection refused: accepting it failed');
      connection.destroy();
    }
  };

  const onRecord = (kind: RecordKind, id: number, payload: Buffer) => {
    if (kind === RecordKind.open) return opened(id, payload);
    const connection = connections.get(id);
    if (!connection) return;
    if (kind === RecordKind.data) {
      if (connection.destroyed) return;
      try {
        connection.events?.data(payload);
      } catch (error) {
        log.error({ err: error, remoteAddress: connection.remoteAddress }, 'tracker connection closed: its data could not be handled');
        connection.destroy();
      }
    } else if (kind === RecordKind.closed) closeConnection(connection, payload.length > 0 ? payload.toString() : undefined);
  };

  const onListenerReply = (reply: Exclude<IoReply, Uint8Array>) => {
    const listening = listeners.get(reply.listener);
    if (reply.kind === 'listener-error') return log.error({ port: listening?.port, err: reply.message }, 'tracker listener error');
    const settle = listening?.settle;
    if (listening) listening.settle = undefined;
    if (reply.kind === 'listening') {
      if (listening) Object.assign(listening, { port: reply.port, bound: true });
      settle?.resolve(reply.port);
    } else if (reply.kind === 'listen-failed') {
      listeners.delete(reply.listener);
      if (settle) settle.reject(Object.assign(new Error(reply.message), { code: reply.code }));
      else log.error({ port: listening?.port, err: reply.message }, 'tracker listener lost: it could not listen again on its port');
    } else {
      listeners.delete(reply.listener);
      settle?.resolve(listening?.port ?? 0);
    }
  };

  /**
   * The thread's replies in the order they came, records read while the intake has room: the rest
   * of a batch waits, and so does every reply after it.
   */
  const replies: IoReply[] = [];
  /** Where reading the first reply's records stopped. */
  let resumeAt = 0;
  /** Asked the intake to call back: once is enough, also when the replies were dropped meanwhile. */
  let awaitingRoom = false;
  const resume = () => {
    awaitingRoom = false;
    readReplies();
  };
  const readReplies = (): void => {
    while (replies.length > 0) {
      const reply = replies[0]!;
      if (reply instanceof Uint8Array) {
        try {
          resumeAt = readRecordsFrom(reply, resumeAt, onRecord, intake.hasRoom);
        } catch (error) {
          log.error({ err: error }, 'tracker records dropped: reading them failed');
          resumeAt = -1;
        }
        if (resumeAt >= 0) {
          if (!awaitingRoom) {
            awaitingRoom = true;
            intake.whenRoom(resume);
          }
          return;
        }
        resumeAt = 0;
        Atomics.sub(unreadBytes, 0, reply.byteLength);
      } else onListenerReply(reply);
      replies.shift();
    }
  };
  const onReply = (reply: IoReply) => {
    replies.push(reply);
    if (replies.length === 1) readReplies();
  };

  /** What a dead or stopped thread sent and was not read yet: its connections are closed with it (unacknowledged, the trackers resend). */
  const dropReplies = () => {
    replies.length = 0;
    resumeAt = 0;
  };

  /** A dead thread's connections are gone; its listeners listen again on a new one. */
  const lost = (dead: Worker, reason: string) => {
    if (worker !== dead) return;
    worker = undefined;
    outbox.flush();
    dropReplies();
    Atomics.store(unreadBytes, 0, 0);
    for (const connection of [...connections.values()]) closeConnection(connection, reason);
    if (stopping || listeners.size === 0) return;
    log.error({ reason }, 'tracker I/O thread stopped; listening again on a new one');
    const current = spawn();
    for (const [id, listening] of listeners) {
      // a close() waiting has nothing left to close; a listen() waiting is asked again, as is every bound port
      if (listening.settle && listening.bound) onReply({ kind: 'unlistened', listener: id });
      else current.postMessage({ kind: 'listen', listener: id, port: listening.port, host: listening.host } satisfies IoRequest);
    }
  };

  const spawn = (): Worker => {
    const started = startWorker({ unread });
    // a dead thread's last messages name connections the next thread may number the same way
    started.on('message', (reply: IoReply) => worker === started && onReply(reply));
    started.on('error', (error) => lost(started, `tracker I/O thread failed: ${error.message}`));
    started.on('exit', (code) => lost(started, `tracker I/O thread exited (code ${code})`));
    worker = started;
    return started;
  };

  return {
    listen: (port, host, accept) =>
      new Promise<TrackerListener>((resolve, reject) => {
        if (stopping) throw new Error('the tracker I/O thread is closed');
        worker ??= spawn();
        const id = ++nextListener;
        const listening: Listening = { port, bound: false, host, accept };
        const close = () =>
          new Promise<void>((closed) => {
            if (!listeners.has(id) || !worker) {
              listeners.delete(id);
              return closed();
            }
            listening.settle = { resolve: () => closed(), reject: () => closed() };
            request({ kind: 'unlisten', listener: id });
          });
        listening.settle = { resolve: (bound) => resolve({ port: bound, close }), reject };
        listeners.set(id, listening);
        request({ kind: 'listen', listener: id, port, host });
      }),
    close: async () => {
      stopping = true;
      outbox.flush();
      const last = worker;
      worker = undefined;
      dropReplies();
      for (const connection of [...connections.values()]) closeConnection(connection, undefined);
      for (const listening of listeners.values()) listening.settle?.reject(new Error('the tracker I/O thread is closed'));
      listeners.clear();
      await last?.terminate();
    },
  };
};
