/**
 * Live latency benchmark: GT06 trackers report over TCP to the built server and a signed-in browser
 * socket receives the positions; the time from writing a tracker's message to the position arriving
 * on the socket is measured at BENCH_RATES positions per second (default 1,000, 5,000 and 10,000),
 * BENCH_SECONDS each after BENCH_WARMUP_SECONDS (3) at the rate unmeasured (every device's state is
 * built and the heap sized for the rate, so the steady state is measured), from BENCH_TRACKERS
 * trackers (10,000). Also prints the server's CPU use and
 * event-loop delay, and the load generator's, to tell a slow server from a slow client. With BENCH_INSTANCES=2 two servers share one PostgreSQL database
 * (BENCH_DATABASE_URL's server, default the local one) and Redis (BENCH_REDIS_URL): the trackers
 * report to the first, the socket listens on the second. BENCH_BROWSERS (1) opens that many signed-in
 * sockets following the whole fleet; the first is measured. Each vehicle stands parked for part of
 * the first BENCH_SETTING_OFF seconds (30) of its journey, as in bench/tracker-connections.ts: before
 * 2026-11-29 the whole fleet set off at once, and its 10,000 deviceMoving events fell within a second
 * or two of the last stage. Needs `npm run build`.
 */
import WebSocket from 'ws';
import { createJourney } from '../apps/server/src/simulator/journey.js';
import { addBenchmarkRow } from './benchmarks-file.js';
import { parkedSecondsOf, SETTING_OFF_SECONDS, settingOffLabel } from './setting-off.js';
import { connectFleet, cpuMsOf, freshPostgresDatabase, TRACKER_PROTOCOLS, machine, percentile, sendPaced, signIn, sleep, startServer, stopServer, today, watchFleetCpu, watchFleetDelay } from './bench-server.js';
import { tempSqliteUrl } from './temp-sqlite.js';

const RATES = (process.env.BENCH_RATES ?? '1000,5000,10000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Seconds at each rate before its measurement starts, so that the steady state is measured. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const TRACKERS = Number(process.env.BENCH_TRACKERS ?? 10_000);
/** Browsers following the whole fleet (dispatchers); the first one is measured, the others only listen. */
const BROWSERS = Number(process.env.BENCH_BROWSERS ?? 1);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'bench@example.com', password: 'bench-password' };
const IMEI_BASE = 862_000_000_000_000;

/** The server's event-loop delay since the last read, from its Prometheus metrics, in ms. */
const eventLoopDelay = async (port: number) => {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^tracklane_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { p99: value('p99'), max: value('max') };
};

const startInstances = async () => {
  const database = INSTANCES > 1 ? await freshPostgresDatabase(POSTGRES) : { url: tempSqliteUrl('latency'), drop: async () => undefined };
  const common = { DATABASE_URL: database.url, REGISTER_UNKNOWN: 'true', GT06_TIMEOUT: '600', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...(INSTANCES > 1 ? { REDIS_URL: REDIS } : {}) };
  const servers = [];
  for (let i = 0; i < INSTANCES; i++) {
    // one at a time: the first creates the schema
    servers.push(await startServer({ ...common, PORT: String(28090 + i), GT06_PORT: String(25030 + i), OSMAND_PORT: '0' }));
  }
  return { servers, trackerPort: 25030, socketPort: 28090 + INSTANCES - 1, drop: database.drop };
};

/**
 * The socket's positions, matched to the oldest unanswered send of their device, once the latest
 * positions sent on connect (`latestCount` of them) are in; resolves then.
 */
const listen = async (port: number, cookie: string, sendTimes: Map<number, number[]>, latencies: number[], latestCount: number, measuredFrom: { time: number }) => {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/socket`, { headers: { cookie } });
  let latestToCome = latestCount;
  let latestIn: () => void = () => undefined;
  const latest = new Promise<void>((resolve) => (latestIn = resolve));
  socket.on('message', (data) => {
    const received = performance.now();
    const message = JSON.parse(String(data)) as { positions?: { deviceId: number }[] };
    if (latestToCome > 0) {
      latestToCome -= message.positions?.length ?? 0;
      if (latestToCome <= 0) latestIn();
      return;
    }
    for (const position of message.positions ?? []) {
      const sent = sendTimes.get(position.deviceId)?.shift();
      if (sent !== undefined && sent >= measuredFrom.time) latencies.push(received - sent);
    }
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await latest;
  return socket;
};

/** Another browser on the same account: receives every frame, reads none (the load generator's CPU stays on the measured one). */
const watch = async (port: number, cookie: string) => {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/socket`, { headers: { cookie } });
  socket.on('message', () => undefined);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return socket;
};

/** The registered trackers' devices, linked to the signed-in administrator so the socket follows them. */
const followAll = async (port: number, cookie: string): Promise<Map<string, number>> => {
  const api = (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers: { cookie, 'content-type': 'application/json' } });
  const user = (await (await api('/api/session')).json()) as { id: number };
  const devices = (await (await api('/api/devices?all=true')).json()) as { id: number; uniqueId: string }[];
  const linked = await api('/api/permissions/bulk', { method: 'POST', body: JSON.stringify(devices.map((device) => ({ userId: user.id, deviceId: device.id }))) });
  if (!linked.ok) throw new Error(`linking devices failed: ${linked.status}`);
  return new Map(devices.map((device) => [device.uniqueId, device.id]));
};

const main = async () => {
  const { servers, trackerPort, socketPort, drop } = await startInstances();
  try {
    const trackers = await connectFleet(TRACKER_PROTOCOLS.gt06, trackerPort, TRACKERS, (index) => String(IMEI_BASE + index));
    const cookie = await signIn(socketPort, ADMIN.email, ADMIN.password);
    const ids = await followAll(socketPort, cookie);
    const idOf = trackers.map((tracker) => ids.get(tracker.imei)!);
    const journeys = trackers.map((_, index) => createJourney({ origin: { latitude: 28.6 + (index % 50) * 0.01, longitude: 77.2 + Math.floor(index / 50) * 0.01 }, seed: index + 7, parkedSeconds: parkedSecondsOf(index, TRACKERS, SETTING_OFF_SECONDS) }));
    // warm-up: every device's first position loads its context and state; measure the steady state after it
    const time = new Date();
    trackers.forEach((tracker, index) => tracker.socket.write(TRACKER_PROTOCOLS.gt06.location(journeys[index]!.step(1), time, tracker.serial++)));
    await sleep(Math.max(3000, TRACKERS * 2));
    let cursor = 0;
    for (const rate of RATES) {
      const sendTimes = new Map(idOf.map((id) => [id, [] as number[]]));
      const latencies: number[] = [];
      const measuredFrom = { time: Infinity };
      const socket = await listen(socketPort, cookie, sendTimes, latencies, trackers.length, measuredFrom);
      const watchers = await Promise.all(Array.from({ length: BROWSERS - 1 }, () => watch(socketPort, cookie)));
      await sleep(500);
      // `rate` messages a second for `ms`, round robin over the trackers
      const drive = (ms: number): Promise<number> =>
        sendPaced(rate, ms, () => {
          const tracker = trackers[cursor]!;
          sendTimes.get(idOf[cursor]!)!.push(performance.now());
          tracker.socket.write(TRACKER_PROTOCOLS.gt06.location(journeys[cursor]!.step(1), new Date(), tracker.serial++));
          cursor = (cursor + 1) % trackers.length;
        });
      await drive(WARMUP_SECONDS * 1000);
      const fleetDelay = watchFleetDelay();
      const fleetCpu = watchFleetCpu();
      const serverCpuBefore = servers.map((server) => cpuMsOf(server.pid!));
      await Promise.all(servers.map((_, i) => eventLoopDelay(28090 + i))); // prom-client restarts its histogram at each read
      const started = performance.now();
      measuredFrom.time = started;
      const sent = await drive(SECONDS * 1000);
      const elapsed = performance.now() - started;
      const offered = sent / (elapsed / 1000);
      const fleetCpuShare = fleetCpu(elapsed);
      const fleetDelayP99 = fleetDelay();
      const delays = await Promise.all(servers.map((_, i) => eventLoopDelay(28090 + i)));
      const serverCpu = servers.map((server, i) => `${(((cpuMsOf(server.pid!) - serverCpuBefore[i]!) / elapsed) * 100).toFixed(0)} % (event-loop delay p99 ${delays[i]!.p99.toFixed(0)} ms, max ${delays[i]!.max.toFixed(0)} ms)`).join(', ');
      console.log(`  server CPU ${serverCpu}; load generator CPU ${(fleetCpuShare * 100).toFixed(0)} %, event-loop delay p99 ${fleetDelayP99.toFixed(1)} ms`);
      const deadline = performance.now() + 5000;
      while (latencies.length < sent && performance.now() < deadline) await sleep(50);
      socket.close();
      watchers.forEach((watcher) => watcher.close());
      latencies.sort((a, b) => a - b);
      const browsers = BROWSERS > 1 ? `, ${BROWSERS} browsers following every device` : '';
      const scenario = INSTANCES > 1
        ? `trackers on instance A, browser socket on instance B (PostgreSQL + Redis), ${TRACKERS.toLocaleString('en')} GT06 trackers${browsers}`
        : `one instance (SQLite), ${TRACKERS.toLocaleString('en')} GT06 trackers${browsers}`;
      const line = `| ${today()} | ${machine()} | ${scenario}${settingOffLabel(SETTING_OFF_SECONDS)} | ${Math.round(offered).toLocaleString('en')} positions/s for ${SECONDS} s${WARMUP_SECONDS > 0 ? ` after ${WARMUP_SECONDS} s at that rate` : ''} | p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(0)} ms | ${latencies.length.toLocaleString('en')} of ${sent.toLocaleString('en')} delivered |`;
      console.log(line);
      addBenchmarkRow('## Live latency', line, 'Tracker message written → position on a browser socket (`node --import tsx bench/live-latency.ts`; `BENCH_INSTANCES=2` for two instances joined by Redis). Targets: p50 ≤ 10 ms and p99 ≤ 50 ms at 10,000 positions/s on one instance; p99 ≤ 100 ms across two instances.\n\n| Date | Machine | Scenario | Rate | Latency | Delivered |\n|---|---|---|---|---|---|');
      await sleep(1000);
    }
    for (const tracker of trackers) tracker.socket.destroy();
  } finally {
    await Promise.all(servers.map(stopServer));
    await drop();
  }
};

await main();
