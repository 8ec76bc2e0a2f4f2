/**
 * The floor under the connection benchmark: what Node.js itself costs to receive a tracker frame
 * and send its acknowledgement, with nothing in between. A bare TCP server (this file, run as a
 * child) splits GT06 frames and answers each with a 10-byte reply; the same fleet as
 * bench/tracker-connections.ts (10,000 connections, BENCH_RATE per second, one core) drives it.
 * Whatever the real server costs above this figure is decoding, processing and storage; a target
 * below it cannot be met by any design that answers each message from Node's event loop. The
 * acknowledgements' latency, measured as the connection benchmark measures it, is the floor of its
 * ack p99 in the same hour: the fleet, the kernel's loopback and the machine, with no server work.
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import { getDefaultHighWaterMark } from 'node:stream';
import { readIntoShared, SHARED_READ_BYTES } from '../apps/server/src/protocols/transport/shared-read-socket.js';
import { createJourney } from '../apps/server/src/simulator/journey.js';
import { addBenchmarkRow } from './benchmarks-file.js';
import { prepareReports } from './prepared-reports.js';
import { connectFleet, cpuMsOf, createSendTimes, machine, percentile, sendPaced, sendPrepared, sleep, today, TRACKER_PROTOCOLS, watchFleetCpu, watchFleetDelay } from './bench-server.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10_000);
const RATES = (process.env.BENCH_RATES ?? '5000,30000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 25099;
const GT06_ACK = Buffer.from('787805130001d9dc0d0a', 'hex');

/**
 * Answers every complete `78 78` frame with a 10-byte reply, as a GT06 server acknowledges. Reads as
 * the server's tracker I/O thread does, into one buffer shared by every connection.
 */
const serveBareFrames = () => {
  const shared = Buffer.allocUnsafeSlow(SHARED_READ_BYTES);
  net
    .createServer({ pauseOnConnect: true }, (accepted) => {
      let pending = Buffer.alloc(0);
      const socket = readIntoShared(accepted, shared, getDefaultHighWaterMark(false), (bytes) => {
        pending = pending.length === 0 ? Buffer.from(bytes) : Buffer.concat([pending, bytes]);
        let offset = 0;
        while (pending.length - offset >= 5 && pending.length - offset >= pending[offset + 2]! + 5) {
          offset += pending[offset + 2]! + 5;
          socket.write(GT06_ACK);
        }
        pending = pending.subarray(offset);
      });
      socket.setNoDelay(true);
      socket.setTimeout(600_000);
      socket.on('error', () => undefined);
    })
    .listen(PORT, '127.0.0.1', () => process.send?.('listening'));
};

const measure = async (rate: number) => {
  const server = fork(import.meta.filename, ['serve']);
  await new Promise((resolve) => server.once('message', resolve));
  let acked = 0;
  const protocol = TRACKER_PROTOCOLS.gt06;
  const sendTimes = createSendTimes(CONNECTIONS);
  const latencies: number[] = [];
  const trackers = await connectFleet(protocol, PORT, CONNECTIONS, (index) => String(862_000_000_000_000 + index), (index) => {
    acked++;
    const sentAt = sendTimes.acked(index);
    if (sentAt !== undefined) latencies.push(performance.now() - sentAt);
  });
  const journeys = trackers.map((_, index) => createJourney({ origin: { latitude: 28.6, longitude: 77.2 + index * 0.001 }, seed: index + 1 }));
  const inDeviceOrder = trackers.map((_, index) => index);
  const reports = prepareReports(protocol, trackers, journeys, Math.round(rate * SECONDS), rate, () => inDeviceOrder);
  const cpuBefore = cpuMsOf(server.pid!);
  const fleetDelay = watchFleetDelay();
  const fleetCpu = watchFleetCpu();
  const started = performance.now();
  const sent = await sendPaced(rate, SECONDS * 1000, sendPrepared(reports, trackers, sendTimes));
  const fleetDelayP99 = fleetDelay();
  const deadline = performance.now() + 5000;
  while (acked < sent && performance.now() < deadline) await sleep(50);
  const seconds = (performance.now() - started) / 1000;
  const fleetCpuShare = fleetCpu(seconds * 1000);
  const cpuPerMessage = ((cpuMsOf(server.pid!) - cpuBefore) * 1000) / Math.max(1, acked);
  for (const tracker of trackers) tracker.socket.destroy();
  server.kill();
  latencies.sort((a, b) => a - b);
  return { rate, acked, sent, perSecond: acked / seconds, cpuPerMessage, p50: percentile(latencies, 50), p99: percentile(latencies, 99), fleetDelayP99, fleetCpuShare };
};

const main = async () => {
  for (const rate of RATES) {
    const result = await measure(rate);
    const line = `| ${today()} | ${machine()} | bare Node TCP server, ${CONNECTIONS.toLocaleString('en')} GT06 connections, offered ${rate.toLocaleString('en')}/s for ${SECONDS} s | ${Math.round(result.perSecond).toLocaleString('en')} acknowledgements/s (${result.acked.toLocaleString('en')} of ${result.sent.toLocaleString('en')}) | ${result.cpuPerMessage.toFixed(1)} µs of server CPU per message; ack p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (the fleet's own event-loop delay p99 ${result.fleetDelayP99.toFixed(1)} ms); the fleet used ${Math.round(result.fleetCpuShare * 100)} % of the other core |`;
    console.log(line);
    addBenchmarkRow('## TCP floor', line, 'What Node.js alone costs per tracker message on this machine: read, split, write a reply, nothing else (`node --import tsx bench/tcp-floor.ts`). The connection benchmark above cannot go below it. At 30,000 messages/s on one core the whole budget is 33 µs per message.\n\n| Date | Machine | Scenario | Throughput | Server CPU |\n|---|---|---|---|---|');
  }
};

if (process.argv[2] === 'serve') serveBareFrames();
else await main();
