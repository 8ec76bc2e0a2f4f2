/**
 * Ingest benchmark: OsmAnd (Traccar Client) reports over real HTTP into the built server running in
 * its own process, end to end (decode, pipeline, store, device update, live broadcast, the 200 only
 * after the commit). This process plays the phones: BENCH_DEVICES devices (200), each on its own
 * keep-alive connection with one report in flight, as Traccar Client sends, BENCH_REPORTS reports
 * (40,000) in all. Prints throughput, latency percentiles, the server's CPU per position and memory;
 * appends the figures to BENCHMARKS.md. `BENCH_DATABASE_URL=postgres://…` measures PostgreSQL
 * instead of SQLite, in a fresh database created on that server and dropped afterwards.
 * Runs the built server code: `npm run build` first.
 */
import net from 'node:net';
import os from 'node:os';
import { addBenchmarkRow } from './benchmarks-file.js';
import { cpuMsOf, freshPostgresDatabase, percentile, rssOf, startServer, stopServer, today } from './bench-server.js';
import { tempSqliteUrl } from './temp-sqlite.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 200);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 40_000);
const OSMAND_PORT = 25055;
const HTTP_PORT = 28083;
const HEADERS_END = Buffer.from('\r\n\r\n');

/**
 * One phone on a keep-alive connection. Accepted reports are answered `200` with an empty body, so
 * each header block ending in a blank line is one answer; anything else stops the benchmark.
 */
const connectPhone = (onAnswer: () => void, onFailure: (error: Error) => void) =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: OSMAND_PORT }, () => resolve(socket));
    let pending = Buffer.alloc(0);
    socket.on('data', (data) => {
      pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
      for (let end = pending.indexOf(HEADERS_END); end >= 0; end = pending.indexOf(HEADERS_END)) {
        const status = pending.toString('latin1', 9, 12);
        pending = pending.subarray(end + HEADERS_END.length);
        if (status !== '200') return onFailure(new Error(`the server answered ${status}`));
        onAnswer();
      }
    });
    socket.once('error', reject);
  });

const report = (device: number, n: number) =>
  `POST /?id=bench-${device}&lat=${(52 + (n % 1000) / 10_000).toFixed(5)}&lon=13.4&speed=12&timestamp=${1_700_000_000 + n}&batt=80 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n`;

const main = async () => {
  const postgres = process.env.BENCH_DATABASE_URL ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const server = await startServer({ PORT: String(HTTP_PORT), DATABASE_URL: postgres?.url ?? tempSqliteUrl('ingest'), OSMAND_PORT: String(OSMAND_PORT), REGISTER_UNKNOWN: 'true' });
  try {
    const latencies: number[] = [];
    const sentAt = new Array<number>(DEVICES).fill(0);
    let sent = 0;
    let answered = 0;
    let finish: (error?: Error) => void = () => undefined;
    const done = new Promise<void>((resolve, reject) => (finish = (error) => (error ? reject(error) : resolve())));
    const phones: net.Socket[] = [];
    const sendNext = (device: number) => {
      if (sent >= REPORTS) return;
      sentAt[device] = performance.now();
      phones[device]!.write(report(device, sent++));
    };
    let measuring = false;
    for (let device = 0; device < DEVICES; device++) {
      phones.push(await connectPhone(() => {
        answered++;
        if (!measuring) return;
        latencies.push(performance.now() - sentAt[device]!);
        if (answered === REPORTS) finish();
        else sendNext(device);
      }, finish));
    }
    // every device reports once first: it is registered and its settings loaded, as in a fleet reporting all day
    phones.forEach((phone, device) => phone.write(report(device, 0)));
    while (answered < DEVICES) await new Promise((resolve) => setTimeout(resolve, 20));
    answered = 0;
    measuring = true;

    const cpuBefore = cpuMsOf(server.pid!);
    const rssBefore = rssOf(server.pid!);
    const started = performance.now();
    for (let device = 0; device < DEVICES; device++) sendNext(device);
    await done;
    const seconds = (performance.now() - started) / 1000;
    const cpuPerPosition = ((cpuMsOf(server.pid!) - cpuBefore) * 1000) / REPORTS;
    const rssAfter = rssOf(server.pid!);
    phones.forEach((phone) => phone.destroy());
    latencies.sort((a, b) => a - b);

    const dialect = postgres ? 'PostgreSQL' : 'SQLite (WAL)';
    const line = `| ${today()} | ${os.cpus()[0]?.model.trim()} ×${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version} | OsmAnd HTTP ingest, ${dialect}, server in its own process, ${DEVICES} devices each on a keep-alive connection, ${REPORTS} reports | ${Math.round(REPORTS / seconds)} positions/s, server CPU ${cpuPerPosition.toFixed(0)} µs per position | p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms | server RSS ${Math.round(rssBefore)} → ${Math.round(rssAfter)} MiB |`;
    console.log(line);
    addBenchmarkRow(null, line);
  } finally {
    await stopServer(server);
    await postgres?.drop();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
