/**
 * Reports during a heavy ingest, on SQLite: a device's page of positions while the newest positions
 * are not indexed yet (the writer indexes them 5-7.5 s after they are stored when devices report
 * every second or more often, up to a minute when they report less often: 50,000 rows at 10,000
 * positions/s, 200,000 at 30,000/s). BENCH_DEVICES devices (10,000) with BENCH_HISTORY
 * indexed positions each (20), then tails of growing size spread over the devices as a fleet
 * reports; for each, the page (up to 1,000 positions of the last hour) of BENCH_QUERIES devices
 * (200) read by the ids the ingest drew (storage/device-positions.ts) and, as before, through the
 * whole tail. Appends rows to BENCHMARKS.md. Needs `npm run build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codecs } from '../apps/server/dist/storage/codecs.js';
import { openStorage, type Storage } from '../apps/server/dist/storage/database.js';
import { migrateToLatest } from '../apps/server/dist/storage/migrator.js';
import { createRepositories } from '../apps/server/dist/storage/repositories.js';
import { createBatchPacker, createSqliteBatchWriter } from '../apps/server/dist/storage/sqlite-ingest-batch.js';
import { createPositionIndexer } from '../apps/server/dist/storage/sqlite-position-indexer.js';
import { addBenchmarkRow } from './benchmarks-file.js';
import { machine, percentile, today } from './bench-server.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 20);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const TAILS = (process.env.BENCH_TAILS ?? '0,10000,50000,200000').split(',').map(Number);
const NOW = Date.UTC(2026, 10, 28, 12);
const SECTION = '## Reports during heavy ingest';
const INTRO = `\`bench/report-tail.ts\`: SQLite indexes the newest positions 5-7.5 s after they are stored (up to a minute for a fleet reporting less often than every second), so a query by device
meets a tail of rows not indexed yet (50,000 at 10,000 positions/s, 200,000 at 30,000/s). A device's page of
positions (up to 1,000 of the last hour), median and p99 of ${QUERIES} devices, read by the ids the ingest drew for it
and, as before the twenty-sixth session, through the whole tail.

| date | machine | data | by the ids drawn | through the whole tail |
|---|---|---|---|---|`;

const positionRow = (deviceId: number, fixTime: number) => {
  const time = new Date(fixTime).toISOString();
  return codecs.position.toRow({
    id: 0, deviceId, protocol: 'gt06', serverTime: time, deviceTime: time, fixTime: time, valid: true, latitude: 28.6 + deviceId / 10_000,
    longitude: 77.2 + (fixTime % 3_600_000) / 1e8, altitude: 210, speed: 22.5, course: 91, address: null, accuracy: 0, network: null, geofenceIds: null,
    attributes: { sat: 9, ignition: true, motion: true, odometer: 123_456, batteryLevel: 87, distance: 12.3, totalDistance: 98_765.4 },
  }) as Record<string, unknown>;
};

/** Stores `count` positions, device after device, a second apart from `since`; ids drawn as the ingest draws them. */
const store = (storage: Storage, write: ReturnType<typeof createSqliteBatchWriter>, count: number, since: number, remember: boolean) => {
  for (let done = 0; done < count; ) {
    const packer = createBatchPacker();
    for (let inBatch = 0; inBatch < 1000 && done < count; inBatch++, done++) {
      const deviceId = (done % DEVICES) + 1;
      const fixTime = since + Math.floor(done / DEVICES) * 1000;
      const id = storage.positionIds!.next();
      if (remember) storage.positionTail!.drawn(deviceId, id);
      packer.add(deviceId, fixTime, id, { row: positionRow(deviceId, fixTime), fixTime }, undefined, []);
    }
    write(packer.batch);
  }
};

const timeQueries = async (storage: Storage, devices: number[]) => {
  const reports = createRepositories(storage).reportData;
  const times: number[] = [];
  for (const deviceId of devices) {
    const started = performance.now();
    await reports.positions(deviceId, NOW - 3_600_000, NOW + 3_600_000, undefined, 1000);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
};

const main = async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-report-tail-'));
  const storage = openStorage(`sqlite:${path.join(directory, 'tail.db')}`);
  try {
    await migrateToLatest(storage);
    const devices = Array.from({ length: DEVICES }, (_, index) => ({ name: `Van ${index + 1}`, uniqueId: `van-${index + 1}`, attributes: '{}', disabled: 0 }));
    for (let at = 0; at < devices.length; at += 500) await storage.db.insertInto('devices').values(devices.slice(at, at + 500) as never).execute();
    // the bench writes here, as the writer thread would, with its indexing held off while the tail grows
    const write = createSqliteBatchWriter(storage.sqlite!, createPositionIndexer(storage.sqlite!, { delayMs: 3_600_000 }));
    /** What the writer's indexing pass does, all at once: it reads the tail from the database. */
    const indexEverything = () => {
      const indexer = createPositionIndexer(storage.sqlite!, { delayMs: 0, chunkRows: 50_000 });
      indexer.beforeWrite();
      while (indexer.step());
    };
    store(storage, write, DEVICES * HISTORY, NOW - 3_000_000, false);
    const asked = Array.from({ length: QUERIES }, (_, index) => 1 + ((index * 7919) % DEVICES));
    const withoutTail: Storage = { ...storage, positionTail: undefined };
    for (const tail of TAILS) {
      // each tail just stored, as the ingest leaves one: its ids drawn within the last seconds
      indexEverything();
      store(storage, write, tail, NOW - 30_000, true);
      await timeQueries(storage, asked.slice(0, 20));
      const byIds = await timeQueries(storage, asked);
      const whole = await timeQueries(withoutTail, asked);
      const figures = (times: number[]) => `${percentile(times, 50).toFixed(2)} ms median, ${percentile(times, 99).toFixed(2)} ms p99`;
      const row = `| ${today()} | ${machine()} | SQLite file, ${DEVICES.toLocaleString('en')} devices, ${(DEVICES * HISTORY).toLocaleString('en')} positions indexed, ${tail.toLocaleString('en')} in the tail | ${figures(byIds)} | ${figures(whole)} |`;
      console.log(row);
      if (!process.env.BENCH_NO_RECORD) addBenchmarkRow(SECTION, row, INTRO);
    }
  } finally {
    await storage.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
};

await main();
