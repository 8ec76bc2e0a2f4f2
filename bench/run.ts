/**
 * Ingest benchmark: OsmAnd reports over real HTTP into the real server, end to end (decode, store,
 * device update, live broadcast). Prints throughput, latency percentiles and memory; appends the
 * figures to BENCHMARKS.md. `BENCH_DATABASE_URL=postgres://…` measures PostgreSQL instead of SQLite, in a
 * fresh database created on that server and dropped afterwards.
 * Runs the built server code: `npm run build` first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import pino from 'pino';
import { createAppContext } from '../apps/server/dist/app-context.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { createOsmAndHandler } from '../apps/server/dist/protocols/osmand/osmand.handler.js';
import { startOsmAndListener } from '../apps/server/dist/protocols/osmand/osmand.listener.js';
import { addBenchmarkRow } from './benchmarks-file.js';
import { freshPostgresDatabase, percentile, today } from './bench-server.js';

const DEVICES = 200;
const REPORTS = Number(process.env.BENCH_REPORTS ?? 20_000);
const CONCURRENCY = 32;


const main = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-bench-'));
  const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const databaseUrl = postgres?.url ?? `sqlite:${path.join(dir, 'bench.sqlite')}`;
  const log = pino({ level: 'silent' });
  const ctx = await createAppContext(loadConfig({ DATABASE_URL: databaseUrl, OSMAND_PORT: '0' }), log);
  for (let i = 0; i < DEVICES; i++) {
    const existing = await ctx.repos.deviceState.findByUniqueId(`bench-${i}`);
    if (!existing) await ctx.repos.devices.insert({ name: `Bench ${i}`, uniqueId: `bench-${i}` });
  }
  const server = await startOsmAndListener(createOsmAndHandler(ctx.ingest, log), 0, '127.0.0.1', log);
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const send = (n: number) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const query = `/?id=bench-${n % DEVICES}&lat=${52 + (n % 1000) / 10000}&lon=13.4&speed=12&timestamp=${1_700_000_000 + n}&batt=80`;
      http.get({ host: '127.0.0.1', port, path: query, agent }, (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`status ${response.statusCode}`))));
      }).on('error', reject);
    });

  const latencies: number[] = [];
  let next = 0;
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < REPORTS) latencies.push(await send(next++));
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const rssAfter = process.memoryUsage().rss;

  const dialect = databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite (WAL)';
  const line = `| ${today()} | ${os.cpus()[0]?.model.trim()} ×${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version} | OsmAnd HTTP ingest, ${dialect}, ${DEVICES} devices, ${REPORTS} reports, ${CONCURRENCY} concurrent | ${Math.round(REPORTS / seconds)} positions/s | p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms | RSS ${Math.round(rssBefore / 2 ** 20)} → ${Math.round(rssAfter / 2 ** 20)} MiB |`;
  console.log(line);
  addBenchmarkRow(null, line);

  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
  await postgres?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
