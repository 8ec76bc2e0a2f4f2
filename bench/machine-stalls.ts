/**
 * Machine stalls: how long this machine's cores go without running a thread that wants them. A
 * thread that only reads the clock in a loop sees a gap whenever it was not running: on a virtual
 * machine whose host runs other guests, that is the host taking the core away. Measured with one
 * core busy (the other idle), then with both busy, as the tracker benchmark keeps them. The
 * server's ack latency cannot be lower than the stalls of the cores it runs on, so a tracker
 * benchmark row is read together with this one, taken the same hour (`npm run bench:machine`).
 *
 * No allocation in the loop, hence no garbage collection; a gap is the core, not Node.
 */
import { Worker } from 'node:worker_threads';
import { addBenchmarkRow } from './benchmarks-file.js';
import { machine, today } from './bench-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Gaps at least this long are counted, in milliseconds. */
const THRESHOLDS = [5, 20, 50];
/** A gap this long is time the thread did not run (one turn of the loop takes well under a microsecond). */
const LOST_FROM_MS = 0.1;

interface Stalls {
  /** Gaps of at least each threshold. */
  counts: number[];
  maxMs: number;
  /** The share of the time in gaps of at least LOST_FROM_MS: the core taken from the thread. */
  lostShare: number;
}

/** Spins for `ms`, reading the clock; the gaps between two readings are the stalls. */
const spin = (ms: number, thresholds: number[], lostFromMs: number): Stalls => {
  const counts = thresholds.map(() => 0);
  let maxMs = 0;
  let lostMs = 0;
  let last = performance.now();
  const end = last + ms;
  while (last < end) {
    const now = performance.now();
    const gap = now - last;
    last = now;
    if (gap < lostFromMs) continue;
    lostMs += gap;
    if (gap > maxMs) maxMs = gap;
    for (let index = 0; index < thresholds.length; index++) if (gap >= thresholds[index]!) counts[index]!++;
  }
  return { counts, maxMs, lostShare: lostMs / ms };
};

/** The same loop on a worker thread, so that both cores spin at once. */
const spinOnWorker = (ms: number): Promise<Stalls> =>
  new Promise((resolve, reject) => {
    const source = `const { parentPort, workerData } = require('node:worker_threads');
      parentPort.postMessage((${spin.toString()})(workerData.ms, workerData.thresholds, workerData.lostFromMs));`;
    const worker = new Worker(source, { eval: true, workerData: { ms, thresholds: THRESHOLDS, lostFromMs: LOST_FROM_MS } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });

const describe = ({ counts, maxMs, lostShare }: Stalls) => `not running ${(lostShare * 100).toFixed(1)} % of the time; ${THRESHOLDS.map((threshold, index) => `${counts[index]} ≥ ${threshold} ms`).join(', ')}, longest ${maxMs.toFixed(1)} ms`;

const main = async () => {
  const oneCore = spin(SECONDS * 1000, THRESHOLDS, LOST_FROM_MS);
  // the worker is started before this thread's loop begins (in a microtask), so that both spin at once
  const [first, second] = await Promise.all([Promise.resolve().then(() => spin(SECONDS * 1000, THRESHOLDS, LOST_FROM_MS)), spinOnWorker(SECONDS * 1000)]);
  const line = `| ${today()} | ${machine()} | ${SECONDS} s a phase | ${describe(oneCore)} | one thread ${describe(first!)}; the other ${describe(second!)} |`;
  console.log(line);
  addBenchmarkRow(
    '## Machine stalls',
    line,
    'How long the cores go without running a thread that wants them (`npm run bench:machine`): one thread, then one thread per core, each reading the clock in a loop that allocates nothing, for the given time; each gap of 0.1 ms or more between two readings is time the thread did not run, summed as a share of the time, the longer ones counted. On a virtual machine that is the host running something else. A tracker benchmark row cannot have an ack p99 below the stalls of its hour.\n\n| Date | Machine | Run | One core busy | Both cores busy (each thread) |\n|---|---|---|---|---|',
  );
};

await main();
