/** Shared by the benchmarks that run the built server in processes of its own. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { gt06Packet } from '../apps/server/src/protocols/gt06/gt06.encoder.js';
import { gt06Location } from '../apps/server/src/simulator/gt06-sender.js';
import type { SimulatedFix } from '../apps/server/src/simulator/journey.js';
import { teltonikaAvlPacket, teltonikaIdentification } from '../apps/server/src/simulator/teltonika-sender.js';
import { PROTOCOL_DEFAULT_PORTS } from '../apps/server/src/protocols/protocol-ports.js';
import { SHARED_READ_BYTES } from '../apps/server/src/protocols/transport/shared-read-socket.js';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import type { PreparedReports } from './prepared-reports.js';
import { createReplyCounter } from './reply-counter.js';

/** Every tracker port off unless the benchmark names it, so runs never collide with a server already running. */
const noProtocolPorts = Object.fromEntries(Object.keys(PROTOCOL_DEFAULT_PORTS).map((name) => [`${name.toUpperCase()}_PORT`, '0']));

export const percentile = (sorted: ArrayLike<number>, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** CPU time (user + system) of the process or thread a /proc stat file describes, in milliseconds. */
const cpuMsOfStat = (file: string) => {
  const fields = fs.readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
};
/** CPU time (user + system) a process has used, in milliseconds. */
export const cpuMsOf = (pid: number) => cpuMsOfStat(`/proc/${pid}/stat`);
/** CPU time (user + system) one thread of this process has used, in milliseconds. */
export const threadCpuMsOf = (tid: number) => cpuMsOfStat(`/proc/self/task/${tid}/stat`);
/** Per thread of a process: nanoseconds on a core and waiting for one and times it was put on a core (`/proc/<pid>/task/<tid>/schedstat`), and user and kernel clock ticks. */
export interface ThreadTimes {
  runNs: number;
  waitNs: number;
  slices: number;
  userTicks: number;
  systemTicks: number;
}

export const threadTimesOf = (pid: number): Map<number, ThreadTimes> => {
  const times = new Map<number, ThreadTimes>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const [runNs, waitNs, slices] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
      const fields = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      times.set(Number(tid), { runNs: runNs!, waitNs: waitNs!, slices: slices!, userTicks: Number(fields[11]), systemTicks: Number(fields[12]) });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return times;
};

/**
 * What each of a process's threads did between two {@link threadTimesOf} readings `seconds` apart,
 * busiest first: share of a core (of it in the kernel) and share of the time it waited for a core.
 * The event loop is the thread whose id is the process's; worker threads have no names to tell.
 */
export const threadReport = (pid: number, before: Map<number, ThreadTimes>, after: Map<number, ThreadTimes>, seconds: number): string[] =>
  [...after]
    .flatMap(([tid, end]) => {
      const start = before.get(tid);
      if (!start) return [];
      const ticks = (end.userTicks - start.userTicks + end.systemTicks - start.systemTicks) || 1;
      const core = (end.runNs - start.runNs) / 1e9 / seconds;
      return [{ tid, core, kernel: (core * (end.systemTicks - start.systemTicks)) / ticks, waiting: (end.waitNs - start.waitNs) / 1e9 / seconds, slicesPerSecond: (end.slices - start.slices) / seconds }];
    })
    .filter(({ core }) => core >= 0.005)
    .sort((a, b) => b.core - a.core)
    .map(({ tid, core, kernel, waiting, slicesPerSecond }) => `${tid === pid ? 'event loop' : `thread ${tid}`}: ${(core * 100).toFixed(1)} % of a core (${(kernel * 100).toFixed(1)} in the kernel), waited for a core ${(waiting * 100).toFixed(1)} % of the time, put on a core ${Math.round(slicesPerSecond).toLocaleString('en-US')} times a second`);

export const machine = () => `${os.cpus()[0]?.model.trim()} ×${os.cpus().length}, Node ${process.version}`;
export const today = () => new Date().toISOString().slice(0, 10);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Messages sent back to back at most before the fleet reads what has arrived (acknowledgements). */
const MAX_BURST = 32;
/** The pacing clock's tick once the fleet has sent what was due. */
const TICK_MS = 1;

/**
 * Calls `send` `rate` times a second for `ms`, paced by the clock; resolves with how many it sent.
 * By the clock, because a fixed batch and then a fixed sleep offered less than the rate as soon as
 * sending took time of its own. In bursts of at most MAX_BURST, with the acknowledgements that
 * arrived meanwhile read between two, and a tick of a millisecond: trackers report independently.
 * Ticks of 10 ms sent 300 messages at once at 30,000/s, which took the fleet about 6 ms, during
 * which no acknowledgement was read; against a bare TCP server (bench/tcp-floor.ts) that alone made
 * the ack p50 5-18 ms instead of 1-4.
 */
export const sendPaced = async (rate: number, ms: number, send: () => void): Promise<number> => {
  const from = performance.now();
  const total = Math.round((rate * ms) / 1000);
  let count = 0;
  while (count < total) {
    const due = Math.min(total, Math.floor(((performance.now() - from) / 1000) * rate));
    const burstEnd = Math.min(due, count + MAX_BURST);
    for (; count < burstEnd; count++) send();
    await (count < due ? new Promise((resolve) => setImmediate(resolve)) : sleep(TICK_MS));
  }
  return count;
};

/**
 * The fleet's own event-loop delay from now until the returned function is called, its p99 in
 * milliseconds: an acknowledgement is timed when the fleet reads it, so a fleet whose loop was late
 * adds that much to the ack latency it measures.
 */
export const watchFleetDelay = (): (() => number) => {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  return () => {
    histogram.disable();
    return histogram.percentile(99) / 1e6;
  };
};

/** The fleet's own share of a core (this process's CPU time) from now until the returned function is called with the milliseconds since. */
export const watchFleetCpu = (): ((elapsedMs: number) => number) => {
  const before = process.cpuUsage();
  return (elapsedMs) => {
    const { user, system } = process.cpuUsage(before);
    return (user + system) / 1000 / elapsedMs;
  };
};

/**
 * When each tracker's messages were written, oldest first, to time its acknowledgements (which come
 * back in the same order): `sent` at each write, `acked` at each acknowledgement, answering when the
 * message it acknowledges was written.
 */
export const createSendTimes = (trackers: number) => {
  const pending: number[][] = Array.from({ length: trackers }, () => []);
  return {
    sent: (index: number): void => void pending[index]!.push(performance.now()),
    acked: (index: number): number | undefined => pending[index]!.shift(),
  };
};

export type SendTimes = ReturnType<typeof createSendTimes>;

/** Writes the prepared messages one per call, in their order, each through its tracker, its send time noted. */
export const sendPrepared = (reports: PreparedReports, trackers: readonly Tracker[], sendTimes: SendTimes) => {
  let next = 0;
  return (): void => {
    const index = reports.trackerOf(next);
    sendTimes.sent(index);
    trackers[index]!.socket.write(reports.bytesOf(next++));
  };
};

/** A fresh database on the PostgreSQL server of `serverUrl`, so a benchmark never touches existing data; `drop` removes it. */
export const freshPostgresDatabase = async (serverUrl: string) => {
  const name = `tracklane_bench_${process.pid}_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
};

/**
 * Starts `apps/server/dist/main.js` (run `npm run build` first) with the given environment and waits
 * until it answers /api/health, with the node flags `npm start` uses. `BENCH_SERVER_ARGS` adds more
 * (e.g. `--cpu-prof`).
 */
export const startServer = async (env: Record<string, string>): Promise<ChildProcess> => {
  const args = [...SERVER_NODE_FLAGS, ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []), path.join(import.meta.dirname, '../apps/server/dist/main.js')];
  const server = spawn(process.execPath, args, { env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...noProtocolPorts, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  for (let attempt = 0; attempt < 150; attempt++) {
    if (await fetch(`http://127.0.0.1:${env.PORT}/api/health`).then((response) => response.ok, () => false)) return server;
    await sleep(200);
  }
  server.kill();
  throw new Error('server did not start');
};

export const stopServer = (server: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });

/** How a benchmark fleet speaks one tracker protocol: its login, its location message and the sizes of the replies. */
export interface TrackerProtocol {
  name: 'gt06' | 'teltonika';
  login(imei: string): Buffer;
  loginReplyBytes: number;
  location(fix: SimulatedFix, time: Date, serial: number): Buffer;
  ackBytes: number;
}

export const TRACKER_PROTOCOLS: Record<TrackerProtocol['name'], TrackerProtocol> = {
  gt06: {
    name: 'gt06',
    login: (imei) => gt06Packet(0x01, 0, Buffer.from(imei.padStart(16, '0'), 'hex')),
    loginReplyBytes: 10,
    location: (fix, time, serial) => gt06Location(fix, time, serial & 0xffff),
    ackBytes: 10,
  },
  teltonika: {
    name: 'teltonika',
    login: teltonikaIdentification,
    loginReplyBytes: 1,
    location: (fix, time) => teltonikaAvlPacket([{ fix, time }]),
    ackBytes: 4,
  },
};

export interface Tracker {
  imei: string;
  socket: net.Socket;
  serial: number;
}

/**
 * What every benchmark tracker reads its replies into. Only their sizes count, and a read's callback
 * runs before the next read starts, so one buffer serves the whole fleet: reading through `onread`
 * instead of 'data' events makes no Buffer and no stream event per acknowledgement, which is the
 * fleet's CPU taken from the server it measures.
 */
const REPLY_BUFFER = Buffer.allocUnsafe(SHARED_READ_BYTES);

/** A tracker logged in over TCP; `onAck` hears every later acknowledgement. */
export const connectTracker = (protocol: TrackerProtocol, port: number, imei: string, onAck: () => void = () => undefined) =>
  new Promise<Tracker>((resolve, reject) => {
    const counted = createReplyCounter(protocol.loginReplyBytes, protocol.ackBytes, () => resolve(tracker), onAck);
    const socket = net.connect({
      host: '127.0.0.1',
      port,
      onread: {
        buffer: REPLY_BUFFER,
        callback: (bytes) => {
          counted(bytes);
          return true;
        },
      },
    });
    const tracker: Tracker = { imei, socket, serial: 1 };
    socket.once('error', reject);
    socket.once('connect', () => socket.write(protocol.login(imei)));
  });

/** Connects `count` trackers, 200 at a time. */
export const connectFleet = async (protocol: TrackerProtocol, port: number, count: number, imeiOf: (index: number) => string, onAck: (index: number) => void = () => undefined) => {
  const trackers: Tracker[] = [];
  for (let index = 0; index < count; index += 200) {
    const size = Math.min(200, count - index);
    trackers.push(...(await Promise.all(Array.from({ length: size }, (_, offset) => connectTracker(protocol, port, imeiOf(index + offset), () => onAck(index + offset))))));
  }
  return trackers;
};

/** Signs in with the form body, as the web app does; returns the session cookie. */
export const signIn = async (httpPort: number, email: string, password: string): Promise<string> => {
  const response = await fetch(`http://127.0.0.1:${httpPort}/api/session`, { method: 'POST', body: new URLSearchParams({ email, password }) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
};
