/**
 * Long fuzz run: a million mutated real messages per protocol through framer and decoder (the CI
 * test runs a few thousand). Records the time, the heap peak and the unexpected failures in
 * BENCHMARKS.md. `FUZZ_PROTOCOLS=jt1078,gt06` runs only those.
 */
import os from 'node:os';
import { PROTOCOLS } from '../apps/server/src/protocols/protocol-registry.js';
import { fuzzProtocol } from '../apps/server/test/helpers/protocol-fuzz.js';
import { addBenchmarkRow } from './benchmarks-file.js';

const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 1_000_000);
const machine = `${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'unknown'} ×${os.cpus().length}, Node ${process.version}`;

const only = process.env.FUZZ_PROTOCOLS?.split(',').map((name) => name.trim());

for (const protocol of PROTOCOLS.filter((candidate) => !only || only.includes(candidate.name))) {
  const started = performance.now();
  let heapPeak = 0;
  const { unexpected, positions } = fuzzProtocol(protocol, ROUNDS, () => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)));
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  const seconds = (performance.now() - started) / 1000;
  const row = `| ${new Date().toISOString().slice(0, 10)} | ${machine} | ${protocol.name} | ${ROUNDS.toLocaleString('en')} frames in ${seconds.toFixed(1)} s | ${positions.toLocaleString('en')} positions decoded | ${unexpected.length} unexpected failures | heap ≤ ${(heapPeak / 2 ** 20).toFixed(0)} MiB |`;
  console.log(row);
  for (const failure of unexpected) console.log(`  ${failure}`);
  addBenchmarkRow('## Protocol fuzzing', row, 'A million mutated captured messages per protocol (`npm run bench:fuzz`), split at random points, through framer and decoder (UDP protocols half the time as datagrams); the heap is sampled every 10,000 frames. Target: no failure other than a rejected frame, bounded memory.\n\n| Date | Machine | Protocol | Frames | Decoded | Unexpected | Memory |\n|---|---|---|---|---|---|---|');
}
