/**
 * Report engine benchmark: one device with 1,000,000 stored positions (one every 10 s, ~116 days of
 * parking, short stops and drives) and the deviceMoving/deviceStopped events the live pipeline
 * would have stored for them. Measures real HTTP requests to the server on a loopback port (time to
 * the last byte; the client only counts bytes of the big answers):
 *  - trips + stops + summary over the whole range (periods over a day use the stored events and the
 *    end positions: reference/processing.md §5.3 fast method) — target ≤ 1.5 s on SQLite;
 *  - the same three replaying every position (REPORT_FAST_THRESHOLD raised above the range);
 *  - route JSON of 100,000 positions — target ≤ 1 s; and the same route as .xlsx.
 * Appends rows to BENCHMARKS.md. `BENCH_DATABASE_URL=postgres://…` measures PostgreSQL (in a
 * scratch schema, dropped afterwards); `BENCH_POSITIONS` changes the count; `BENCH_NO_RECORD=1` only prints.
 * Runs the built server code: `npm run build` first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'kysely';
import { metresToLatitudeDegrees, metresToLongitudeDegrees } from '@tracklane/domain';
import { createAppContext, type AppContext } from '../apps/server/dist/app-context.js';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { createMotionReplay } from '../apps/server/dist/reports/motion-replay.js';
import type { ReportPosition } from '../apps/server/dist/reports/report-position.js';
import { DEFAULT_MOTION } from '../apps/server/dist/reports/report-settings.js';
import { addBenchmarkRow } from './benchmarks-file.js';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 1_000_000);
const ROUTE_POSITIONS = 100_000;
const STEP_MS = 10_000;
const START = Date.UTC(2025, 0, 1);
const BATCH = 500;
const RING_RADIUS = 40_000 / (2 * Math.PI);
const SECTION = '## Reports';
const INTRO = `\`bench/reports.ts\` (also run by \`npm run bench\`): one device with 1,000,000 stored positions (one every 10 s, ~116 days of
parking, short stops and drives) plus the deviceMoving/deviceStopped events the live pipeline stores for them,
reports requested over HTTP on a loopback port (time to the last byte, serialisation included). Targets: trips + stops + summary (requested at once) over
the whole range ≤ 1.5 s on SQLite; route JSON of 100,000 positions ≤ 1 s. Periods over \`report.fastThreshold\` (a day) pair the
stored motion events and read only the end positions, as Traccar does; the "replay" row forces the other method, reading
every position of the range a page (1,000 rows) at a time; "heap peak" is the highest heap use
sampled during the request, garbage not yet collected included.`;

/** Parked 40 min, drive 12 min, stop 3 min, drive 8 min, … — deterministic, 10 m/s when driving. */
const PATTERN: [minutes: number, moving: boolean][] = [[40, false], [12, true], [3, false], [8, true], [25, false], [20, true], [6, false], [10, true]];

const generate = function* (count: number): Generator<{ position: ReportPosition; row: Record<string, unknown> }> {
  let metres = 0;
  let leg = 0;
  let left = PATTERN[0]![0] * 6;
  for (let i = 0; i < count; i++) {
    const [, moving] = PATTERN[leg % PATTERN.length]!;
    const step = moving && i > 0 ? 100 : 0;
    metres += step;
    const time = START + i * STEP_MS;
    const attributes = { batteryLevel: 80, distance: step, totalDistance: metres, motion: moving, ignition: moving, hours: i * 5000 };
    // round and round a ring road of 40 km
    const angle = metres / RING_RADIUS;
    const latitude = 52.5 + metresToLatitudeDegrees(RING_RADIUS * Math.sin(angle));
    const longitude = 13.4 + metresToLongitudeDegrees(RING_RADIUS * Math.cos(angle), 52.5);
    const position: ReportPosition = { id: i + 1, fixTime: time, deviceTime: time, latitude, longitude, speed: moving ? 19.44 : 0, address: null, attributes };
    yield {
      position,
      row: {
        id: i + 1, deviceId: 1, protocol: 'osmand', serverTime: time, deviceTime: time, fixTime: time, valid: 1, latitude, longitude,
        altitude: 34, speed: position.speed, course: 90, address: null, accuracy: 5, network: null, geofenceIds: null, attributes: JSON.stringify(attributes),
      },
    };
    if (--left === 0) {
      leg++;
      left = PATTERN[leg % PATTERN.length]![0] * 6;
    }
  }
};

const fill = async (ctx: AppContext, deviceId: number) => {
  const replay = createMotionReplay(DEFAULT_MOTION);
  const db = ctx.storage.db;
  let rows: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const flush = async () => {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += BATCH) await trx.insertInto('positions').values(rows.slice(i, i + BATCH).map((row) => ({ ...row, deviceId })) as never).execute();
      if (events.length > 0) await trx.insertInto('events').values(events.splice(0) as never).execute();
    });
    rows = [];
  };
  for (const { position, row } of generate(POSITIONS)) {
    rows.push(row);
    for (const step of replay.push(position)) {
      events.push({ type: step.type, eventTime: step.position.fixTime, deviceId, positionId: step.position.id, attributes: '{}' });
    }
    if (rows.length >= 20_000) await flush();
  }
  await flush();
  await sql`analyze`.execute(db);
};

const timed = async <T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> => {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
};

const best = async (label: string, times: number, run: () => Promise<unknown>): Promise<number> => {
  const runs: number[] = [];
  for (let i = 0; i < times; i++) runs.push((await timed(run)).ms);
  const min = Math.min(...runs);
  console.log(`${label}: best ${min.toFixed(0)} ms of ${runs.map((ms) => ms.toFixed(0)).join(', ')}`);
  return min;
};

const signIn = async (app: FastifyInstance): Promise<string> => {
  await app.inject({ method: 'POST', url: '/api/users', payload: { name: 'bench', email: 'bench@example.com', password: 'bench-password' } });
  const response = await app.inject({ method: 'POST', url: '/api/session', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=bench%40example.com&password=bench-password' });
  const cookie = response.cookies.find((c) => c.name === 'JSESSIONID');
  if (!cookie) throw new Error(`sign-in failed: ${response.statusCode}`);
  return `JSESSIONID=${cookie.value}`;
};

/** GET over a real connection; keeps the body only when asked (the big answers are only counted). */
const request = (port: number, path: string, headers: Record<string, string>, keep: boolean) =>
  new Promise<{ status: number; bytes: number; body: string }>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, body: keep ? Buffer.concat(chunks).toString('utf8') : '' }));
      response.on('error', reject);
    }).on('error', reject);
  });

const main = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-reports-'));
  const postgres = process.env.BENCH_DATABASE_URL;
  const databaseUrl = postgres ?? `sqlite:${path.join(dir, 'bench.sqlite')}`;
  const schema = postgres ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgres });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  if (schema) await admin(`create schema ${schema}`);
  const log = pino({ level: 'silent' });
  const open = async (env: Record<string, string>) => {
    const ctx = await createAppContext(loadConfig({ DATABASE_URL: databaseUrl, OSMAND_PORT: '0', LOG_LEVEL: 'silent', WEB_ROOT: '/nonexistent', REPORT_MAX_POSITIONS: String(ROUTE_POSITIONS), ...env }), log, { schema });
    const app = await buildApp(ctx, { loggerInstance: log });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { ctx, app, port: (app.server.address() as AddressInfo).port };
  };
  try {
    const first = await open({});
    const cookie = await signIn(first.app);
    const deviceId = (await first.app.inject({ method: 'POST', url: '/api/devices', headers: { cookie }, payload: { name: 'Bench van', uniqueId: 'bench-van' } })).json().id as number;
    const filled = await timed(() => fill(first.ctx, deviceId));
    console.log(`stored ${POSITIONS} positions in ${(filled.ms / 1000).toFixed(1)} s`);

    const end = START + (POSITIONS - 1) * STEP_MS;
    const whole = `deviceId=${deviceId}&from=${new Date(START).toISOString()}&to=${new Date(end).toISOString()}`;
    const routeRange = `deviceId=${deviceId}&from=${new Date(START).toISOString()}&to=${new Date(START + (ROUTE_POSITIONS - 1) * STEP_MS).toISOString()}`;
    const get = async (port: number, url: string, accept = 'application/json', keep = true) => {
      const response = await request(port, url, { cookie, accept }, keep);
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${response.body}`);
      return response;
    };
    const three = (port: number) => Promise.all(['trips', 'stops', 'summary'].map((kind) => get(port, `/api/reports/${kind}?${whole}`)));
    const itemsOf = (responses: { body: string }[]) => responses.map((response) => (JSON.parse(response.body) as unknown[]).length);
    /** Highest heap use while `run` runs: what one report holds, whatever the period. */
    const heapPeak = async (run: () => Promise<unknown>) => {
      let peak = process.memoryUsage().heapUsed;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
      await run();
      clearInterval(sampler);
      return Math.round(peak / 2 ** 20);
    };

    const counts = itemsOf(await three(first.port));
    const fastMs = await best('trips + stops + summary, whole range (stored events)', 5, () => three(first.port));
    const routeAnswer = await get(first.port, `/api/reports/route?${routeRange}`);
    const routeBytes = routeAnswer.bytes;
    const routeCount = (JSON.parse(routeAnswer.body) as unknown[]).length;
    if (routeCount !== ROUTE_POSITIONS) throw new Error(`route returned ${routeCount} positions`);
    const routeMs = await best('route JSON, 100,000 positions', 5, () => get(first.port, `/api/reports/route?${routeRange}`, 'application/json', false));
    const routeHeap = await heapPeak(() => get(first.port, `/api/reports/route?${routeRange}`, 'application/json', false));
    const xlsxMs = await best('route .xlsx, 100,000 positions', 2, () => get(first.port, `/api/reports/route/xlsx?${routeRange}`, '*/*', false));
    await first.app.close();
    await first.ctx.close();

    const replay = await open({ REPORT_FAST_THRESHOLD: String(10 * 365 * 86_400) });
    const replayCounts = itemsOf(await three(replay.port));
    const replayMs = await best('trips + stops + summary, whole range (every position replayed)', 3, () => three(replay.port));
    const replayHeap = await heapPeak(() => three(replay.port));
    await replay.app.close();
    await replay.ctx.close();

    const dialect = postgres ? 'PostgreSQL' : 'SQLite (WAL)';
    const machine = `${os.cpus()[0]?.model.trim()} ×${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const date = new Date().toISOString().slice(0, 10);
    const rows = [
      `| ${date} | ${machine} | ${dialect} | trips + stops + summary, whole range, stored events (${counts.join(' / ')} items) | ${fastMs.toFixed(0)} ms | target ≤ 1500 ms |`,
      `| ${date} | ${machine} | ${dialect} | trips + stops + summary, whole range, every position replayed (${replayCounts.join(' / ')} items) | ${replayMs.toFixed(0)} ms | heap peak ${replayHeap} MiB |`,
      `| ${date} | ${machine} | ${dialect} | route JSON, ${ROUTE_POSITIONS.toLocaleString('en')} positions (${Math.round(routeBytes / 2 ** 20)} MiB) | ${routeMs.toFixed(0)} ms | target ≤ 1000 ms; heap peak ${routeHeap} MiB |`,
      `| ${date} | ${machine} | ${dialect} | route .xlsx, ${ROUTE_POSITIONS.toLocaleString('en')} positions | ${xlsxMs.toFixed(0)} ms | |`,
    ];
    for (const row of rows) {
      console.log(row);
      if (process.env.BENCH_NO_RECORD) continue;
      addBenchmarkRow(SECTION, row, `${INTRO}\n\n| date | machine | database | scenario | time | notes |\n|---|---|---|---|---|---|`);
    }
  } finally {
    if (schema) await admin(`drop schema ${schema} cascade`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
