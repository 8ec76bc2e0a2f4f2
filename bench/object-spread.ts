/**
 * Object spreads and the old generation: how many bytes of V8's old generation one short-lived
 * object of each shape leaves behind, with the server's own Node flags. An object spread with a
 * property added (`{ ...record, positionId }`) leaves bytes there on Node 20 (V8 11), though it dies
 * at once, so a mark-compact has to collect it; a literal with the same fields and Object.assign onto
 * a new object do not. The ingest made one such object a position (and one an event): at 20,000 GT06
 * positions/s they were two thirds of what the event loop promoted (`npm run bench:object-spread`).
 *
 * Each shape runs in a process of its own, which makes 4,000,000 objects, keeping the newest 256 as a
 * batch would, and reads the old generation's used bytes before and after with no mark-compact in
 * between (counted, and shown in the row).
 */
import { execFileSync } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { addBenchmarkRow } from './benchmarks-file.js';
import { machine, today } from './bench-server.js';

const OBJECTS = 4_000_000;

/** Each shape as the expression that makes object `i` from `record` (a position's completion) or `event`. */
const SHAPES: Record<string, string> = {
  'spread with a property added `{ ...record, positionId: i }`': '({ ...record, positionId: i })',
  'literal with the same fields `{ events, state, positionId: i }`': '({ events: record.events, state: record.state, positionId: i })',
  'spread alone `{ ...record }`': '({ ...record })',
  'spread of an event with its id `{ ...event, id: i }`': '({ ...event, id: i })',
  'Object.assign onto a new object `Object.assign({}, event, { id: i })`': 'Object.assign({}, event, { id: i })',
};

const child = (expression: string) => `
const v8 = require('node:v8');
const { PerformanceObserver, constants } = require('node:perf_hooks');
let markCompacts = 0;
new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) markCompacts++; }).observe({ entryTypes: ['gc'] });
const oldUsed = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_used_size;
const record = { events: [], state: undefined };
const event = { type: 'deviceMoving', eventTime: '2026-11-29T12:00:00.000+00:00', deviceId: 1, positionId: 2, geofenceId: 0, maintenanceId: 0, attributes: {} };
const make = (i) => ${expression};
globalThis.gc();
const before = oldUsed();
let batch = [];
for (let i = 0; i < ${OBJECTS}; i++) {
  batch.push(make(i));
  if (batch.length === 256) batch = [];
}
const grown = oldUsed() - before;
setImmediate(() => process.stdout.write(JSON.stringify({ grown, markCompacts })));
`;

/** The old generation's growth in bytes over the objects made, and the mark-compacts meanwhile. */
type Measured = { grown: number; markCompacts: number };

const measure = (expression: string): Measured =>
  JSON.parse(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '--expose-gc', '-e', child(expression)], { encoding: 'utf8' })) as Measured;

const main = () => {
  const results = Object.entries(SHAPES).map(([name, expression]) => {
    const { grown, markCompacts } = measure(expression);
    const perThousand = Math.round((grown / OBJECTS) * 1000).toLocaleString('en-US');
    console.log(`${name}: ${perThousand} bytes of old generation per 1,000 objects (${markCompacts} mark-compacts while measuring)`);
    return `${name} ${perThousand} B${markCompacts > 0 ? ` (${markCompacts} mark-compacts)` : ''}`;
  });
  addBenchmarkRow(
    '## Object allocation in V8',
    `| ${today()} | ${machine()} | ${OBJECTS.toLocaleString('en-US')} short-lived objects of each shape, the server's Node flags | ${results.join('; ')} |`,
    [
      'Bytes of the old generation that short-lived objects of each shape leave behind, per 1,000 objects (`npm run bench:object-spread`, bench/object-spread.ts).',
      '',
      '| Date | Machine | Workload | Old generation per 1,000 objects |',
      '|---|---|---|---|',
    ].join('\n'),
  );
};

main();
