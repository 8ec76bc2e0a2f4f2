/**
 * Ingest cost benchmark: the server's own work per tracker message, without sockets. The built
 * server's ingest (GT06 decoding, device lookup, the whole position pipeline, the group commit into
 * a SQLite file through the writer thread, the live broadcast and the acknowledgement's bytes) runs
 * in this process for BENCH_TRACKERS trackers (10,000), BENCH_IN_FLIGHT messages (200) in the server
 * at a time and at most one per tracker, as over TCP, with BENCH_BROWSERS (1) signed-in browsers
 * following the whole fleet on the live socket; BENCH_MESSAGES messages (200,000) are encoded
 * beforehand, so the measured thread does nothing else. Each tracker reports once a round, in the
 * order `BENCH_ORDER` names (device, shuffled or phased: see reporting-order.ts). Prints the CPU
 * time per message of the event loop's thread and of the process's other threads (the writer
 * thread, the garbage collector's helpers), and the garbage collector's pauses, and appends them to
 * BENCHMARKS.md. It runs under the Node flags `npm start` gives the server
 * (scripts/server-node-flags.mjs), restarting itself with them when started without. `BENCH_DATABASE_URL=postgres://…` stores into a
 * fresh PostgreSQL database on that server (dropped afterwards) instead of a SQLite file; the
 * database server's own CPU is then not part of the figures.
 *
 * The socket benchmarks (`tracker-connections.ts`) measure the same path end to end, but there the
 * kernel's loopback work and the load generator sharing the machine make runs differ by several
 * percent from one to the next; this one isolates what the code itself costs, so a change to it
 * can be measured. Needs `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import pino from 'pino';
import { createAppContext } from '../apps/server/dist/app-context.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { protocolByName } from '../apps/server/dist/protocols/protocol-registry.js';
import { createDeviceSession } from '../apps/server/dist/protocols/transport/device-session.js';
import { createFrameHandler } from '../apps/server/dist/protocols/transport/frame-handler.js';
import { createJourney } from '../apps/server/src/simulator/journey.js';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { addBenchmarkRow } from './benchmarks-file.js';
import { freshPostgresDatabase, machine, threadCpuMsOf, today, TRACKER_PROTOCOLS } from './bench-server.js';
import { fleetOrder, REPORTING_ORDERS, reportingOrder } from './reporting-order.js';
import { tempSqliteUrl } from './temp-sqlite.js';

const TRACKERS = Number(process.env.BENCH_TRACKERS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 200);
/** Browsers following the whole fleet on the live socket (a dispatcher's map); 0 for none. */
const BROWSERS = Number(process.env.BENCH_BROWSERS ?? 1);
/** The order trackers report in each round (their logins are in device order). */
const ORDER = reportingOrder();
const IMEI_BASE = 863_000_000_000_000;
const gt06 = TRACKER_PROTOCOLS.gt06;

const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The garbage collector's pauses on the event loop's thread from now until `stop`: scavenges and the rest (mark-compact and its steps), count and total ms. */
const gcPauses = () => {
  const totals = { scavenges: { count: 0, ms: 0 }, others: { count: 0, ms: 0 } };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry.detail as { kind?: number } | undefined)?.kind;
      const total = kind === constants.NODE_PERFORMANCE_GC_MINOR ? totals.scavenges : totals.others;
      total.count++;
      total.ms += entry.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return { totals, stop: () => observer.disconnect() };
};

/**
 * Signed-in browsers following every device, as sockets of the live hub that take each frame the way
 * ws does (its UTF-8 length is measured, which flattens the text) and count the bytes.
 */
const followFleet = async (ctx: Awaited<ReturnType<typeof createAppContext>>, devices: number) => {
  if (BROWSERS === 0) return [];
  const userId = await ctx.repos.users.insert({ name: 'Dispatcher', email: 'dispatcher@example.com', administrator: false, deviceLimit: -1, userLimit: 0 });
  const ids = (await ctx.repos.devices.list({ sortColumn: 'name' })).map((device) => device.id);
  if (ids.length !== devices) throw new Error(`${ids.length} devices registered, ${devices} expected`);
  for (const deviceId of ids) await ctx.repos.links.add({ owner: 'userId', ownerId: userId, property: 'deviceId', propertyId: deviceId });
  const user = (await ctx.repos.users.findById(userId))!;
  return Promise.all(Array.from({ length: BROWSERS }, async () => {
    const browser = { OPEN: 1, readyState: 1, bytes: 0, on: () => browser, close: () => void (browser.readyState = 3), send: (frame: string) => void (browser.bytes += Buffer.byteLength(frame)) };
    await ctx.hub.add(user, browser as never, []);
    return browser;
  }));
};

/** Runs this benchmark again under the server's Node flags when started without them. */
const underServerFlags = (): boolean => {
  if (SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) return true;
  const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
  return false;
};

const main = async () => {
  const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const config = loadConfig({ DATABASE_URL: postgres?.url ?? tempSqliteUrl('ingest-cost'), REGISTER_UNKNOWN: 'true', LOG_LEVEL: 'warn' });
  const log = pino({ level: 'warn' });
  const ctx = await createAppContext(config, log);
  const protocol = protocolByName('gt06')!;
  const handler = createFrameHandler({ protocol, ingest: ctx.ingest, resolver: ctx.deviceResolver, log, now: ctx.now });
  let acks = 0;
  const reply = () => void acks++;
  const sessions = Array.from({ length: TRACKERS }, (_, index) => createDeviceSession('gt06', 'tcp', `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}:40000`, protocol.createState(), ctx.now()));
  const send = (index: number, frame: Buffer) => handler(sessions[index]!, frame, reply);

  // every tracker logs in (registering its device), then reports once, which loads its settings and
  // state: all logins first, since each registration empties the caches the first reports fill
  const journeys = sessions.map((_, index) => createJourney({ origin: { latitude: 28.6 + (index % 100) * 0.01, longitude: 77.2 + Math.floor(index / 100) * 0.01 }, seed: index + 3 }));
  let serial = 1;
  const order = fleetOrder(TRACKERS, ORDER);
  const inGroups = async (trackers: readonly number[], each: (tracker: number) => Promise<unknown>) => {
    for (let index = 0; index < TRACKERS; index += 500) await Promise.all(trackers.slice(index, index + 500).map(each));
  };
  await inGroups(fleetOrder(TRACKERS, 'device').firstReports, (tracker) => send(tracker, gt06.login(String(IMEI_BASE + tracker))));
  await inGroups(order.firstReports, (tracker) => send(tracker, gt06.location(journeys[tracker]!.step(1), new Date(), serial++)));

  const browsers = await followFleet(ctx, sessions.length);

  // the measured messages, encoded before the clock starts: each tracker once a round in the
  // round's order (BENCH_ORDER), one second apart per tracker
  const start = Date.now();
  const rounds = Array.from({ length: Math.ceil(MESSAGES / TRACKERS) }, () => order.round());
  const trackerOf = (n: number) => rounds[Math.floor(n / TRACKERS)]![n % TRACKERS]!;
  const frames = Array.from({ length: MESSAGES }, (_, n) => gt06.location(journeys[trackerOf(n)]!.step(1), new Date(start + Math.floor(n / TRACKERS) * 1000), serial++));
  const acksBefore = acks;
  const gc = gcPauses();
  const mainBefore = threadCpuMsOf(process.pid);
  const processBefore = processCpuMs();
  const started = performance.now();
  // IN_FLIGHT senders, each taking its trackers in turn: a tracker sends its next message only once
  // the previous one is acknowledged, as over TCP, and as many messages are in the server at once
  // as at 10,000 messages/s with 20 ms from read to acknowledgement
  await Promise.all(Array.from({ length: IN_FLIGHT }, async (_, sender) => {
    for (let round = 0; round * TRACKERS < MESSAGES; round++) {
      for (let slot = sender; slot < TRACKERS; slot += IN_FLIGHT) {
        const n = round * TRACKERS + slot;
        if (n < MESSAGES) await send(trackerOf(n), frames[n]!);
      }
    }
  }));
  const elapsed = performance.now() - started;
  const mainMs = threadCpuMsOf(process.pid) - mainBefore;
  const otherMs = processCpuMs() - processBefore - mainMs;
  gc.stop();
  const acknowledged = acks - acksBefore;
  const liveBytes = browsers.reduce((total, browser) => total + browser.bytes, 0);
  await ctx.close();
  await postgres?.drop();
  if (acknowledged !== MESSAGES) throw new Error(`${acknowledged} of ${MESSAGES} messages acknowledged`);
  if (BROWSERS > 0 && liveBytes === 0) throw new Error('the browsers received no live update');

  const perMessage = (ms: number) => ((ms * 1000) / MESSAGES).toFixed(1);
  const line = `| ${today()} | ${machine()} | GT06, ${postgres ? 'PostgreSQL' : 'SQLite file'}, ${TRACKERS.toLocaleString('en')} trackers, ${MESSAGES.toLocaleString('en')} messages${REPORTING_ORDERS[ORDER]}, ${IN_FLIGHT} in flight, ${BROWSERS === 0 ? 'no browser' : BROWSERS === 1 ? 'one browser' : `${BROWSERS} browsers`} following the fleet | ${Math.round(MESSAGES / (elapsed / 1000)).toLocaleString('en')} messages/s | event loop ${perMessage(mainMs)} µs, other threads ${perMessage(otherMs)} µs a message | ${gc.totals.scavenges.count} scavenges, ${perMessage(gc.totals.scavenges.ms)} µs a message; ${gc.totals.others.count} other pauses, ${perMessage(gc.totals.others.ms)} µs a message |`;
  console.log(line);
  addBenchmarkRow('## Ingest cost', line, [
    '`bench/ingest-cost.ts` (`npm run bench:ingest-cost`): the server\'s own CPU time per GT06 message, socket work left out: decoding, device lookup, the whole pipeline, the group commit on the SQLite writer thread, the live broadcast and the acknowledgement\'s bytes, run in one process with every message encoded beforehand. The socket benchmarks (tracker connections, live latency) add the kernel\'s loopback work and a load generator on the same machine; this one is steady enough to compare two versions of the code. CPU times are read in clock ticks of 10 ms.',
    '',
    '| date | machine | scenario | throughput | CPU per message | garbage collector pauses on the event loop |',
    '|---|---|---|---|---|---|',
  ].join('\n'));
};

if (underServerFlags()) await main();
