/**
 * Connection benchmark: the built server in its own process (SQLite), and this process as the fleet:
 * BENCH_CONNECTIONS trackers (10,000) of BENCH_PROTOCOL (gt06, or teltonika) log in over TCP and then report at
 * BENCH_RATE positions per second in total for BENCH_SECONDS, each waiting for its acknowledgement
 * (sent by the server only after the position is committed), after BENCH_WARMUP_SECONDS (3) at the
 * rate unmeasured, as the live latency benchmark does: the young generation grows to its size for
 * the rate and every device's state is in place, so the steady state is measured rather than the
 * step from idle to full rate. The messages are encoded before the warm-up (`prepareReports`), so
 * the fleet spends its time on the cores it shares with the server writing and reading, not making
 * them. Records throughput, ack latency and the server's resident memory in BENCHMARKS.md. `BENCH_DATABASE_URL=postgres://…` stores into a fresh
 * PostgreSQL database on that server (dropped afterwards) instead of SQLite. The row also gives the ack p99
 * of each third of the run (by when the position was sent); `BENCH_PER_SECOND=1` also prints each
 * measured second's sends and ack p50/p99/max, which shows whether a p99 comes from the whole run or
 * from a few seconds of it. Trackers report in device order, each once a round;
 * `BENCH_ORDER=shuffled` makes each round's order random, the worst case for the server's caches,
 * and `BENCH_ORDER=phased` draws one random order kept every round and for the first reports, as a
 * fleet whose trackers each report at a fixed interval from a moment of their own (see
 * reporting-order.ts; on an empty database consecutive devices share pages of the positions index,
 * so device order writes fewer pages a batch). `BENCH_HISTORY=200` (SQLite) stores that many positions of each device
 * before the server starts, 10 s apart and ending a day ago, as after some days of service: each
 * device's entries of the `(deviceId, fixTime)` index then fill pages of their own, and every
 * position the fleet sends writes one of them, in any order (bench/sqlite-writer.ts measures that
 * writer alone); on the default empty database neighbouring devices share them. It also prints what each of
 * the server's threads did while the fleet sent (Linux's per-thread scheduler statistics): its share
 * of a core, of it in the kernel, and how long it waited for a core. `BENCH_HISTORY_READERS=N` has N
 * signed-in users page through history while the fleet sends, each asking `/api/positions` for a
 * random device's last ten minutes as soon as the previous answer is in (the row gives their
 * requests a second and latency). Each vehicle stands parked for part of the first
 * BENCH_SETTING_OFF seconds (30) of its journey, spread evenly over the fleet, before it drives off:
 * every departure is an ignitionOn and, 200 m on, a deviceMoving event. With
 * `BENCH_SETTING_OFF=0` the whole fleet sets off in the same second, as before 2026-11-29, and its
 * 10,000 deviceMoving events come within about a second of each other. Needs `npm run build`.
 */
import { createJourney } from '../apps/server/src/simulator/journey.js';
import { openStorage } from '../apps/server/dist/storage/database.js';
import { migrateToLatest } from '../apps/server/dist/storage/migrator.js';
import { AckRecord } from './ack-record.js';
import { fleetOrder, REPORTING_ORDERS, reportingOrder } from './reporting-order.js';
import { addBenchmarkRow } from './benchmarks-file.js';
import { prepareReports } from './prepared-reports.js';
import { parkedSecondsOf, SETTING_OFF_SECONDS, settingOffLabel } from './setting-off.js';
import { connectFleet, cpuMsOf, signIn, createSendTimes, freshPostgresDatabase, type SendTimes, sendPaced, sendPrepared, sleep, type Tracker, machine, percentile, rssOf, startServer, stopServer, threadReport, threadTimesOf, today, TRACKER_PROTOCOLS, watchFleetCpu, watchFleetDelay } from './bench-server.js';
import { tempSqliteUrl } from './temp-sqlite.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 30_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const PROTOCOL = TRACKER_PROTOCOLS[(process.env.BENCH_PROTOCOL ?? 'gt06') as 'gt06' | 'teltonika'];
if (!PROTOCOL) throw new Error('BENCH_PROTOCOL must be gt06 or teltonika');
const PER_SECOND = process.env.BENCH_PER_SECOND === '1';
const ORDER = reportingOrder();
/** Positions of each device stored before the server starts (SQLite only). */
const HISTORY = Number(process.env.BENCH_HISTORY ?? 0);
/** Users paging through history during the run, one request after another each. */
const HISTORY_READERS = Number(process.env.BENCH_HISTORY_READERS ?? 0);
const ADMIN = { email: 'bench@example.com', password: 'bench-password' };
const TRACKER_PORT = 25023;
const HTTP_PORT = 28082;

/** The latencies of the acknowledgements whose positions were sent in each bucket (`bucketOf` a send time, ms into the run), each sorted. */
const latenciesBy = (acks: AckRecord, bucketOf: (sent: number) => number): number[][] => {
  const buckets: number[][] = [];
  const { sentAt, latencies } = acks;
  for (let index = 0; index < acks.count; index++) (buckets[bucketOf(sentAt[index]!)] ??= []).push(latencies[index]!);
  return Array.from(buckets, (bucket) => (bucket ?? []).sort((a, b) => a - b));
};

/** Each measured second's sends and ack latency percentiles, by when the position was sent. */
const perSecondLines = (acks: AckRecord): string[] =>
  latenciesBy(acks, (sent) => Math.floor(sent / 1000)).map(
    (second, index) => `second ${index}: ${second.length} sent, ack p50 ${percentile(second, 50).toFixed(0)} ms, p99 ${percentile(second, 99).toFixed(0)} ms, max ${(second.at(-1) ?? NaN).toFixed(0)} ms`,
  );

/**
 * Every tracker reports once, in `order`, and hears its acknowledgement before the clock starts, so the run
 * measures the steady state: a device's first position loads its settings and links, which a
 * fleet that reports all day pays once.
 */
const warmUp = async (trackers: Tracker[], order: readonly number[], journeys: ReturnType<typeof createJourney>[], sendTimes: SendTimes, acks: AckRecord) => {
  for (let index = 0; index < trackers.length; index += 500) {
    for (let cursor = index; cursor < Math.min(trackers.length, index + 500); cursor++) {
      const reporting = order[cursor]!;
      const tracker = trackers[reporting]!;
      sendTimes.sent(reporting);
      tracker.socket.write(PROTOCOL.location(journeys[reporting]!.step(1), new Date(), tracker.serial++));
    }
    const expected = Math.min(trackers.length, index + 500);
    while (acks.count < expected) await sleep(10);
  }
  acks.clear();
};

const imeiOf = (index: number) => String(861_000_000_000_000 + index);

/** `count` users each asking for a random device's last ten minutes of positions, one request after another, until stopped. */
const readHistory = (cookie: string, count: number) => {
  const times: number[] = [];
  let reading = true;
  const reader = async () => {
    while (reading) {
      const deviceId = 1 + Math.floor(Math.random() * CONNECTIONS);
      const to = new Date(Date.now() + 60_000).toISOString();
      const from = new Date(Date.now() - 600_000).toISOString();
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${HTTP_PORT}/api/positions?deviceId=${deviceId}&from=${from}&to=${to}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`history request failed: ${response.status}`);
      times.push(performance.now() - started);
    }
  };
  const started = performance.now();
  const running = Promise.all(Array.from({ length: count }, reader));
  return {
    stop: async () => {
      reading = false;
      await running;
      const seconds = (performance.now() - started) / 1000;
      times.sort((a, b) => a - b);
      return `${count} ${count === 1 ? 'user' : 'users'} paging through history meanwhile (${Math.round(times.length / seconds)} requests/s, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms)`;
    },
  };
};

/**
 * The fleet's devices with `HISTORY` positions each, stored round by round as trackers report them
 * (10 s apart, the last a day ago), each device's latest position and the server's schema.
 */
const seedHistory = async (url: string) => {
  const storage = openStorage(url);
  await migrateToLatest(storage);
  const sqlite = storage.sqlite!;
  const addDevice = sqlite.prepare(`insert into devices (name, "uniqueId", attributes, disabled) values (?, ?, '{}', 0)`);
  // with its id: stored through the positions view (migration 0005), a row's id is not the statement's last rowid
  const addPosition = sqlite.prepare(`insert into positions (id, "deviceId", protocol, "serverTime", "deviceTime", "fixTime", valid, latitude, longitude, speed, attributes)
    values (?, ?, 'gt06', ?, ?, ?, 1, ?, ?, 10, '{"sat":9,"ignition":true,"batteryLevel":80}')`);
  let positionId = 0;
  const setLatest = sqlite.prepare(`insert into device_latest ("deviceId", status, "lastUpdate", "positionId", "fixTime") values (?, 'offline', ?, ?, ?)`);
  const deviceIds = sqlite.transaction(() => Array.from({ length: CONNECTIONS }, (_, index) => Number(addDevice.run(imeiOf(index), imeiOf(index)).lastInsertRowid)))();
  const end = Date.now() - 86_400_000;
  const latest: number[] = [];
  const storeRound = sqlite.transaction((round: number) => {
    const fixTime = end - (HISTORY - 1 - round) * 10_000;
    deviceIds.forEach((deviceId, index) => {
      addPosition.run((latest[index] = ++positionId), deviceId, fixTime + 500, fixTime, fixTime, 28.6 + (index % 100) * 0.01, 77.2 + Math.floor(index / 100) * 0.01);
    });
  });
  for (let round = 0; round < HISTORY; round++) storeRound(round);
  sqlite.transaction(() => deviceIds.forEach((deviceId, index) => setLatest.run(deviceId, end + 500, latest[index], end)))();
  await storage.close();
};

/**
 * The ack p99 of the positions sent in each third of the measured time: a p99 that climbs from one
 * third to the next is a server falling behind as its database grows (with SQLite, each position
 * comes to dirty a page of the positions index), which the whole run's p99 hides in a short run.
 */
const p99ByThird = (acks: AckRecord, measuredMs: number): number[] => {
  const thirds = latenciesBy(acks, (sent) => Math.min(2, Math.floor((3 * sent) / measuredMs)));
  return [0, 1, 2].map((third) => percentile(thirds[third] ?? [], 99));
};

const main = async () => {
  const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  if (postgres && HISTORY > 0) throw new Error('BENCH_HISTORY is for SQLite');
  const sqliteUrl = postgres ? undefined : tempSqliteUrl('conn-bench');
  if (sqliteUrl && HISTORY > 0) await seedHistory(sqliteUrl);
  const server = await startServer({
    PORT: String(HTTP_PORT), DATABASE_URL: postgres?.url ?? sqliteUrl!, [`${PROTOCOL.name.toUpperCase()}_PORT`]: String(TRACKER_PORT), REGISTER_UNKNOWN: 'true',
    [`${PROTOCOL.name.toUpperCase()}_TIMEOUT`]: '600', ...(HISTORY_READERS > 0 ? { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } : {}),
  });
  const cookie = HISTORY_READERS > 0 ? await signIn(HTTP_PORT, ADMIN.email, ADMIN.password) : undefined;
  const acks = new AckRecord(CONNECTIONS + Math.round(RATE * (WARMUP_SECONDS + SECONDS)));
  const sendTimes = createSendTimes(CONNECTIONS);
  const connectStarted = performance.now();
  /** Acknowledgements of positions sent before this are not measured (the warm-up's). */
  let measuredFrom = 0;
  const trackers = await connectFleet(PROTOCOL, TRACKER_PORT, CONNECTIONS, imeiOf, (index) => {
    const sent = sendTimes.acked(index);
    if (sent === undefined || sent < measuredFrom) return;
    acks.add(performance.now() - sent, sent - measuredFrom);
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const idleRss = rssOf(server.pid!);
  const journeys = trackers.map((_, index) => createJourney({ origin: { latitude: 28.6 + (index % 100) * 0.01, longitude: 77.2 + Math.floor(index / 100) * 0.01 }, seed: index + 1, parkedSeconds: parkedSecondsOf(index, CONNECTIONS, SETTING_OFF_SECONDS) }));
  // each tracker reports once a round, in the order BENCH_ORDER names
  const order = fleetOrder(trackers.length, ORDER);
  await warmUp(trackers, order.firstReports, journeys, sendTimes, acks);
  const preparing = performance.now();
  const reports = prepareReports(PROTOCOL, trackers, journeys, Math.round(RATE * WARMUP_SECONDS) + Math.round(RATE * SECONDS), RATE, order.round);
  console.log(`prepared ${reports.count} messages in ${((performance.now() - preparing) / 1000).toFixed(1)} s`);
  const send = sendPrepared(reports, trackers, sendTimes);
  await sendPaced(RATE, WARMUP_SECONDS * 1000, send);

  measuredFrom = performance.now();
  acks.clear();
  const cpuBefore = cpuMsOf(server.pid!);
  const threadsBefore = threadTimesOf(server.pid!);
  const fleetCpu = watchFleetCpu();
  let peakRss = rssOf(server.pid!);
  const started = measuredFrom;
  const rssWatch = setInterval(() => (peakRss = Math.max(peakRss, rssOf(server.pid!))), 50);
  const fleetDelay = watchFleetDelay();
  const readers = cookie === undefined ? undefined : readHistory(cookie, HISTORY_READERS);
  const sent = await sendPaced(RATE, SECONDS * 1000, send);
  const fleetDelayP99 = fleetDelay();
  const reads = await readers?.stop();
  const threads = threadReport(server.pid!, threadsBefore, threadTimesOf(server.pid!), (performance.now() - started) / 1000);
  clearInterval(rssWatch);
  // let the acknowledgements in flight arrive
  const deadline = performance.now() + 10_000;
  while (acks.count < sent && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const seconds = (performance.now() - started) / 1000;
  const acked = acks.count;
  const cpuPerPosition = ((cpuMsOf(server.pid!) - cpuBefore) * 1000) / Math.max(1, acked);
  const fleetCpuShare = fleetCpu(seconds * 1000);
  if (PER_SECOND) for (const line of perSecondLines(acks)) console.log(line);
  const thirds = p99ByThird(acks, SECONDS * 1000);
  console.log(`server threads while sending:\n  ${threads.join('\n  ')}`);
  const latencies = acks.latencies.slice().sort();
  for (const tracker of trackers) tracker.socket.destroy();
  await stopServer(server);
  await postgres?.drop();

  const line = `| ${today()} | ${machine()} | ${PROTOCOL.name === 'gt06' ? 'GT06' : 'Teltonika codec 8'} over TCP, ${postgres ? 'PostgreSQL' : 'SQLite'}, ${CONNECTIONS.toLocaleString('en')} connected trackers (logged in in ${connectSeconds.toFixed(1)} s), ${HISTORY > 0 ? `${HISTORY} positions a device already stored, ` : ''}offered ${RATE.toLocaleString('en')}/s${REPORTING_ORDERS[ORDER]} for ${SECONDS} s${WARMUP_SECONDS > 0 ? ` after ${WARMUP_SECONDS} s at that rate` : ''}${settingOffLabel(SETTING_OFF_SECONDS)}${reads ? `, ${reads}` : ''} | ${Math.round(acked / seconds).toLocaleString('en')} positions/s acknowledged (${acked.toLocaleString('en')} of ${sent.toLocaleString('en')}) | ack p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (by thirds of the run ${thirds.map((p99) => p99.toFixed(0)).join(', ')} ms; the fleet's own event-loop delay p99 ${fleetDelayP99.toFixed(0)} ms) | server RSS ${Math.round(idleRss)} MiB with the trackers connected, peak ${Math.round(peakRss)} MiB under load; server CPU ${cpuPerPosition.toFixed(0)} µs per position; the fleet used ${Math.round(fleetCpuShare * 100)} % of the other core |`;
  console.log(line);
  addBenchmarkRow('## Tracker connections', line, 'Built server in its own process; this process plays the fleet (`node --import tsx bench/tracker-connections.ts`, `BENCH_PROTOCOL=teltonika` for Teltonika). Targets: 10,000 connected trackers, ≥ 30,000 positions/s acknowledged after commit, ack p99 ≤ 100 ms, server RSS ≤ 300 MB.\n\n| Date | Machine | Scenario | Throughput | Ack latency | Memory |\n|---|---|---|---|---|---|');
};

await main();
