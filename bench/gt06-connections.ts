/**
 * Connection benchmark: the built server in its own process (SQLite, GT06 and Teltonika ports), and
 * this process as the fleet: BENCH_CONNECTIONS trackers (10,000) log in over TCP and then report at
 * BENCH_RATE positions per second in total for BENCH_SECONDS, each waiting for its acknowledgement
 * (sent by the server only after the position is committed). Records throughput, ack latency and
 * the server's resident memory in BENCHMARKS.md. Needs `npm run build`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gt06Packet } from '../apps/server/src/protocols/gt06/gt06.encoder.js';
import { createJourney } from '../apps/server/src/simulator/journey.js';
import { gt06Location } from '../apps/server/src/simulator/gt06-sender.js';
import { addBenchmarkRow } from './benchmarks-file.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 30_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const GT06_PORT = 25023;
const HTTP_PORT = 28082;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const startServer = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-conn-bench-'));
  const server = spawn(process.execPath, [...(process.env.BENCH_SERVER_ARGS?.split(" ").filter(Boolean) ?? []), path.join(import.meta.dirname, '../apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(HTTP_PORT), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`, GT06_PORT: String(GT06_PORT), REGISTER_UNKNOWN: 'true', LOG_LEVEL: 'warn', GT06_TIMEOUT: '600' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`http://127.0.0.1:${HTTP_PORT}/api/health`).then((response) => response.ok, () => false)) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('server did not start');
};

interface Tracker {
  socket: net.Socket;
  serial: number;
  pending: number[];
}

const connect = (index: number, latencies: number[]) =>
  new Promise<Tracker>((resolve, reject) => {
    const imei = String(861_000_000_000_000 + index);
    const socket = net.connect({ host: '127.0.0.1', port: GT06_PORT });
    const tracker: Tracker = { socket, serial: 1, pending: [] };
    let loggedIn = false;
    socket.on('data', (data) => {
      // every GT06 ack is 10 bytes; a chunk may hold several
      for (let offset = 0; offset + 10 <= data.length; offset += 10) {
        if (!loggedIn) {
          loggedIn = true;
          resolve(tracker);
          continue;
        }
        const sent = tracker.pending.shift();
        if (sent !== undefined) latencies.push(performance.now() - sent);
      }
    });
    socket.once('error', reject);
    socket.once('connect', () => socket.write(gt06Packet(0x01, tracker.serial++, Buffer.from(imei.padStart(16, '0'), 'hex'))));
  });

const main = async () => {
  const server = await startServer();
  const latencies: number[] = [];
  const trackers: Tracker[] = [];
  const connectStarted = performance.now();
  for (let index = 0; index < CONNECTIONS; index += 200) {
    trackers.push(...(await Promise.all(Array.from({ length: Math.min(200, CONNECTIONS - index) }, (_, offset) => connect(index + offset, latencies)))));
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const journeys = trackers.map((_, index) => createJourney({ origin: { latitude: 28.6 + (index % 100) * 0.01, longitude: 77.2 + Math.floor(index / 100) * 0.01 }, seed: index + 1 }));

  let sent = 0;
  let peakRss = rssOf(server.pid!);
  const started = performance.now();
  const tickMs = 50;
  const perTick = Math.round((RATE * tickMs) / 1000);
  let cursor = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const time = new Date();
      for (let n = 0; n < perTick; n++, cursor = (cursor + 1) % trackers.length) {
        const tracker = trackers[cursor]!;
        tracker.pending.push(performance.now());
        tracker.socket.write(gt06Location(journeys[cursor]!.step(1), time, tracker.serial++ & 0xffff));
        sent++;
      }
      peakRss = Math.max(peakRss, rssOf(server.pid!));
      if (performance.now() - started >= SECONDS * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, tickMs);
  });
  // let the acknowledgements in flight arrive
  const deadline = performance.now() + 10_000;
  while (latencies.length < sent && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const seconds = (performance.now() - started) / 1000;
  const acked = latencies.length;
  latencies.sort((a, b) => a - b);
  for (const tracker of trackers) tracker.socket.destroy();
  server.kill('SIGTERM');

  const line = `| ${new Date().toISOString().slice(0, 10)} | ${os.cpus()[0]?.model.trim()} ×${os.cpus().length}, Node ${process.version} | GT06 over TCP, SQLite, ${CONNECTIONS.toLocaleString('en')} connected trackers (logged in in ${connectSeconds.toFixed(1)} s), offered ${RATE.toLocaleString('en')}/s for ${SECONDS} s | ${Math.round(acked / seconds).toLocaleString('en')} positions/s acknowledged (${acked.toLocaleString('en')} of ${sent.toLocaleString('en')}) | ack p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms | server RSS peak ${Math.round(peakRss)} MiB |`;
  console.log(line);
  addBenchmarkRow('## Tracker connections', line, 'Built server in its own process; this process plays the fleet (`node --import tsx bench/gt06-connections.ts`). Targets: 10,000 connected GT06 trackers, ≥ 30,000 positions/s acknowledged after commit, ack p99 ≤ 100 ms, server RSS ≤ 300 MB.\n\n| Date | Machine | Scenario | Throughput | Ack latency | Memory |\n|---|---|---|---|---|---|');
};

await main();
