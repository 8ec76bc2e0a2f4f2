/**
 * The SQLite ingest writer alone: what storing a position costs the writer thread (its statements
 * and the write-ahead log's system calls, with the checkpoints it then does itself), on a database
 * that already holds a history, so that each device's entries of the `(deviceId, fixTime)` index
 * fill pages of their own, as they do after a few days of service. BENCH_DEVICES devices (10,000)
 * each report once a round, BENCH_HISTORY rounds (200) first, then BENCH_ROUNDS (20) measured, in
 * batches of BENCH_BATCH (200) as the group commit makes them; BENCH_ORDER=device has them report in
 * device order, otherwise each round's order is random, as a real fleet's is. A round counts as a
 * second for the device index's passes (storage/sqlite-position-indexer.ts), one chunk of which
 * runs after each batch, as on the writer thread. No sockets, no pipeline and no other thread:
 * steady enough to compare two versions of the writer, which the tracker benchmark's noise hides.
 * BENCH_INTERVAL (1) is the seconds between a device's reports: 10 or 30 for most real fleets.
 * BENCH_ENTRIES_PER_DEVICE (the indexer's default) is how many positions a device has waiting, on
 * average, before a pass is due; 1 gives the passes every five seconds of the versions before it.
 * BENCH_EVENTS=1 has every measured report carry a deviceMoving event and a changed detector state,
 * as when a whole fleet sets off at once: each event adds an entry to a page of the events' device
 * index and each state rewrites its device's row of `processing_states`, a page of its own each.
 * The batches are a busy server's, so the writer holds the devices' rows of `device_latest` back
 * and writes them once a second of the fleet's time (storage/sqlite-device-latest.ts); BENCH_HOLD=0
 * writes them with every batch, as an idle server does and as every batch did before 2026-11-29.
 * Runs the built server code: `npm run build` first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addBenchmarkRow } from './benchmarks-file.js';
import { machine, today } from './bench-server.js';
import { shuffle } from './shuffle.js';
import { codecs } from '../apps/server/dist/storage/codecs.js';
import { openStorage } from '../apps/server/dist/storage/database.js';
import { migrateToLatest } from '../apps/server/dist/storage/migrator.js';
import { openSqliteConnection } from '../apps/server/dist/storage/sqlite-connection.js';
import { createBatchPacker, createSqliteBatchWriter, type SqliteBatch } from '../apps/server/dist/storage/sqlite-ingest-batch.js';
import { createPositionIndexer } from '../apps/server/dist/storage/sqlite-position-indexer.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const BATCH = Number(process.env.BENCH_BATCH ?? 200);
const SHUFFLED = process.env.BENCH_ORDER !== 'device';
const INTERVAL_SECONDS = Number(process.env.BENCH_INTERVAL ?? 1);
const ENTRIES_PER_DEVICE = process.env.BENCH_ENTRIES_PER_DEVICE ? Number(process.env.BENCH_ENTRIES_PER_DEVICE) : undefined;
const START = Date.UTC(2026, 10, 1);
const WITH_EVENTS = process.env.BENCH_EVENTS === '1';
const HOLD = process.env.BENCH_HOLD !== '0';

/** A database file with the server's schema and the fleet's devices. */
const createDatabase = async (): Promise<string> => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-writer-')), 'bench.sqlite');
  const storage = openStorage(`sqlite:${file}`);
  await migrateToLatest(storage);
  await storage.db.transaction().execute(async (trx) => {
    for (let device = 1; device <= DEVICES; device++) {
      await trx.insertInto('devices').values({ name: `Truck ${device}`, uniqueId: String(860_000_000_000_000 + device), attributes: '{}', disabled: 0 } as never).execute();
    }
  });
  await storage.close();
  return file;
};

/** A GT06 report's position row, as the pipeline hands it to the writer. */
const positionRow = (deviceId: number, fixTime: number) =>
  codecs.position.toRow({
    id: 0, deviceId, protocol: 'gt06', serverTime: new Date(fixTime + 300).toISOString(), deviceTime: new Date(fixTime).toISOString(),
    fixTime: new Date(fixTime).toISOString(), valid: true, latitude: 52.5 + deviceId / 1e5, longitude: 13.4 + (fixTime - START) / 1e9,
    altitude: 0, speed: 23.4, course: 187, address: null, accuracy: 0, network: null, geofenceIds: null,
    attributes: { sat: 9, rssi: 4, ignition: true, batteryLevel: 87, distance: 12.3, totalDistance: 123_456.7, motion: true },
  }) as Record<string, unknown>;

/** A departure's event and the motion state stored with it, as the pipeline hands them to the writer. */
const departure = (deviceId: number, positionId: number, fixTime: number) => ({
  state: JSON.stringify({
    motion: { logic: 'new', moving: true, reference: { id: positionId, fixTime, deviceTime: fixTime, latitude: 52.5 + deviceId / 1e5, longitude: 13.4, totalDistance: 123_456.7 } },
    overspeed: { on: false, time: null, geofenceId: 0 },
  }),
  event: codecs.event.toRow({ id: 0, type: 'deviceMoving', eventTime: new Date(fixTime).toISOString(), deviceId, positionId, geofenceId: 0, maintenanceId: 0, attributes: {} }) as Record<string, unknown>,
});

const main = async () => {
  const file = await createDatabase();
  const sqlite = openSqliteConnection(file);
  // a round is BENCH_INTERVAL seconds of the fleet's time: each device reports once in it
  let clock = START;
  const indexer = createPositionIndexer(sqlite, { now: () => clock, ...(ENTRIES_PER_DEVICE === undefined ? {} : { entriesPerDevice: ENTRIES_PER_DEVICE }) });
  const writeBatch = createSqliteBatchWriter(sqlite, indexer, { holdsRowsOf: () => HOLD, now: () => clock });
  // the writer thread indexes a chunk between two batches
  const write = (batch: SqliteBatch) => {
    writeBatch(batch);
    indexer.step();
  };
  const order = Array.from({ length: DEVICES }, (_, index) => index + 1);
  let nextPositionId = 1;
  let round = 0;
  /** One report from every device; the history is written in device order, which is quicker to lay down. */
  const writeRound = (shuffled: boolean, departing = false) => {
    if (shuffled) shuffle(order);
    const roundStart = START + 10_000 * round++;
    clock = START + 1000 * INTERVAL_SECONDS * round;
    for (let from = 0; from < DEVICES; from += BATCH) {
      const packer = createBatchPacker();
      for (let index = from; index < Math.min(DEVICES, from + BATCH); index++) {
        const deviceId = order[index]!;
        const fixTime = roundStart + index;
        const positionId = nextPositionId++;
        const departed = departing ? departure(deviceId, positionId, fixTime) : undefined;
        packer.add(deviceId, fixTime + 300, positionId, { row: positionRow(deviceId, fixTime), fixTime }, departed?.state, departed ? [departed.event] : []);
      }
      write(packer.batch);
    }
  };
  for (let history = 0; history < HISTORY; history++) writeRound(false);
  writeRound(SHUFFLED);
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  for (let measured = 0; measured < ROUNDS; measured++) writeRound(SHUFFLED, WITH_EVENTS);
  writeBatch.writeHeldLatest();
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - wallBefore;
  sqlite.close();
  fs.rmSync(path.dirname(file), { recursive: true, force: true });

  const positions = ROUNDS * DEVICES;
  const perPosition = (micros: number) => (micros / positions).toFixed(1);
  const line = `| ${today()} | ${machine()} | ${DEVICES.toLocaleString('en')} devices with ${HISTORY} positions each already stored, reporting ${SHUFFLED ? 'in random order' : 'in device order'}${INTERVAL_SECONDS === 1 ? '' : ` every ${INTERVAL_SECONDS} s`}${ENTRIES_PER_DEVICE === undefined ? '' : `, a pass once ${ENTRIES_PER_DEVICE} a device wait`}${WITH_EVENTS ? ', each report with a deviceMoving event and a changed detector state' : ''}, batches of ${BATCH}${HOLD ? ' (device rows held a second)' : ', each writing its device rows'} | ${perPosition(cpu.user + cpu.system)} µs of CPU a position (${perPosition(cpu.system)} in the kernel) | ${perPosition(wallMs * 1000)} µs of wall time a position |`;
  console.log(line);
  addBenchmarkRow('## SQLite writer', line, [
    '`bench/sqlite-writer.ts` (`npm run bench:sqlite-writer`): the SQLite ingest writer alone, in one thread, checkpointing itself: its statements and the write-ahead log\'s system calls for each stored position, over a database already holding each device\'s history, so that every device\'s entries of the `(deviceId, fixTime)` index fill pages of their own, as after a few days of service. Steady enough to compare two versions of the writer.',
    '',
    '| date | machine | scenario | writer CPU | wall time |',
    '|---|---|---|---|---|',
  ].join('\n'));
};

await main();
