import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { codecs } from './codecs.js';
import type { Storage } from './database.js';
import { openSqliteWithVans } from '../../test/helpers/sqlite-vans.js';
import { createRepositories } from './repositories.js';
import { createBatchPacker, createSqliteBatchWriter } from './sqlite-ingest-batch.js';
import { createPositionIndexer } from './sqlite-position-indexer.js';
import type { DatabaseSchema } from './database-schema.js';
import { QueuedSqliteDialect } from './sqlite-queued-dialect.js';

const START = Date.UTC(2026, 10, 1);
const DEVICES = 5;
/** How long positions wait for a pass at most, however few a device has waiting. */
const MAX_DELAY = 60_000;

let storage: Storage | undefined;
afterEach(async () => {
  await storage?.close();
  storage = undefined;
});

const openDatabase = async () => (storage = await openSqliteWithVans(DEVICES));

/** A writer of the ingest on its own clock, as the writer thread has one. */
const ingestOf = (storage: Storage, clock: { now: number }, chunkRows = 3) => {
  const indexer = createPositionIndexer(storage.sqlite!, { delayMs: 5_000, chunkRows, now: () => clock.now });
  const write = createSqliteBatchWriter(storage.sqlite!, indexer);
  /** One report from every device, each `second` into the run, with the ids `nextId` gives. */
  const round = (second: number, nextId = () => storage.positionIds!.next()) => {
    const packer = createBatchPacker();
    for (let deviceId = 1; deviceId <= DEVICES; deviceId++) {
      const fixTime = START + second * 1000;
      const row = codecs.position.toRow({
        id: 0, deviceId, protocol: 'gt06', serverTime: new Date(fixTime).toISOString(), deviceTime: new Date(fixTime).toISOString(),
        fixTime: new Date(fixTime).toISOString(), valid: true, latitude: 52 + deviceId / 100, longitude: 13 + second / 1000, altitude: 0,
        speed: 10, course: 90, address: null, accuracy: 0, network: null, geofenceIds: null, attributes: { sat: 8 },
      }) as Record<string, unknown>;
      packer.add(deviceId, fixTime, nextId(), { row, fixTime }, undefined, []);
    }
    write(packer.batch);
  };
  return { indexer, round };
};

const countsOf = (storage: Storage) =>
  Object.fromEntries(
    ['positions', 'positions_data', 'position_index', 'positions_tail'].map((table) => [
      table,
      storage.sqlite!.prepare(`select count(*) from ${table}`).pluck().get() as number,
    ]),
  );
/** Rows past the tail's start: a history query reads each of them to find its device's. */
const tailRows = (storage: Storage) =>
  storage.sqlite!.prepare('select count(*) from positions_data where id > (select "indexedThrough" from position_indexing)').pluck().get() as number;
/** A position stored as the API stores one, through the view. */
const apiPosition = (storage: Storage) => {
  const id = storage.positionIds!.next();
  storage.sqlite!.prepare(`insert into positions (id, "deviceId", protocol, "serverTime", "deviceTime", "fixTime") values (?, 1, 'osmand', ?, ?, ?)`).run(id, START, START, START);
  return id;
};
const storedIds = (storage: Storage) => storage.sqlite!.prepare('select id from positions order by id').pluck().all() as number[];
const idsUpTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('the lazy device index on SQLite', () => {
  it('indexes new positions a few seconds later, device by device, each readable once all along', async () => {
    const storage = await openDatabase();
    const clock = { now: START };
    const { indexer, round } = ingestOf(storage, clock);
    for (let second = 0; second < 5; second++, clock.now += 1000) round(second);
    clock.now = START + 4999;
    expect(indexer.step()).toBe(false);
    expect(countsOf(storage)).toEqual({ positions: 25, positions_data: 25, position_index: 0, positions_tail: 25 });

    clock.now = START + 5000;
    const seen: number[][] = [];
    while (indexer.step()) {
      round(6 + seen.length);
      seen.push(storedIds(storage));
    }
    // each chunk held whole devices (5 positions each) of about 3 positions: one device a chunk
    expect(seen).toHaveLength(4);
    seen.forEach((ids, index) => expect(ids).toEqual(idsUpTo(25 + DEVICES * (index + 1))));
    expect(countsOf(storage)).toEqual({ positions: 45, positions_data: 45, position_index: 25, positions_tail: 20 });
  });

  it('answers history queries with indexed positions and those not indexed yet, in fix-time order', async () => {
    const storage = await openDatabase();
    const clock = { now: START };
    const { indexer, round } = ingestOf(storage, clock, 100);
    for (let second = 0; second < 6; second++, clock.now += 1000) round(second);
    expect(indexer.step()).toBe(false);
    for (let second = 6; second < 9; second++) round(second);
    expect(countsOf(storage)).toMatchObject({ position_index: 30, positions_tail: 15 });

    const repos = createRepositories(storage);
    const route = await repos.positions.findRange(2, START + 4000, START + 7000, 100);
    expect(route.map((position) => Date.parse(position.fixTime!) - START)).toEqual([4000, 5000, 6000, 7000]);
    const indexedBefore = await repos.processing.recentPositions([{ deviceId: 3, from: START + 5500, to: START + 7500 }]);
    expect(indexedBefore.get(3)!.map((position) => Date.parse(position.fixTime!) - START)).toEqual([5000, 6000, 7000]);
    const tailBefore = await repos.processing.recentPositions([{ deviceId: 4, from: START + 7500, to: START + 9000 }]);
    expect(tailBefore.get(4)!.map((position) => Date.parse(position.fixTime!) - START)).toEqual([7000, 8000]);
  });

  it('indexes at once what a stopped writer left, the rest of its pass included', async () => {
    const storage = await openDatabase();
    const clock = { now: START };
    const stopped = ingestOf(storage, clock);
    for (let second = 0; second < 6; second++, clock.now += 1000) stopped.round(second);
    expect(stopped.indexer.step()).toBe(true);
    expect(countsOf(storage)).toMatchObject({ positions: 30, position_index: 6, positions_tail: 24 });

    const restarted = ingestOf(storage, clock);
    restarted.round(6);
    while (restarted.indexer.step());
    expect(storedIds(storage)).toEqual(idsUpTo(35));
    expect(countsOf(storage)).toEqual({ positions: 35, positions_data: 35, position_index: 35, positions_tail: 0 });
  });

  it('waits, for a fleet reporting every 10 s, until each device has four positions for its index page', async () => {
    const storage = await openDatabase();
    const clock = { now: START };
    const { indexer, round } = ingestOf(storage, clock, 100);
    for (let report = 0; report < 3; report++) {
      round(report * 10);
      clock.now += 5_000;
      expect(indexer.msUntilDue()).toBe(1_000);
      clock.now += 5_000;
      expect(indexer.step()).toBe(false);
    }
    expect(countsOf(storage)).toMatchObject({ position_index: 0, positions_tail: 3 * DEVICES });
    round(30);
    expect(indexer.msUntilDue()).toBe(0);
    while (indexer.step());
    expect(countsOf(storage)).toMatchObject({ position_index: 4 * DEVICES, positions_tail: 0 });
  });

  it('keeps no position waiting longer than a minute, nor past a restart, however few a device has', async () => {
    const storage = await openDatabase();
    const clock = { now: START };
    const { indexer, round } = ingestOf(storage, clock);
    round(0);
    expect(indexer.msUntilDue()).toBe(5_000);
    clock.now += MAX_DELAY - 500;
    expect(indexer.msUntilDue()).toBe(500);
    expect(indexer.step()).toBe(false);
    clock.now += 500;
    while (indexer.step());
    expect(countsOf(storage)).toMatchObject({ position_index: DEVICES, positions_tail: 0 });

    round(60);
    const restarted = ingestOf(storage, clock);
    restarted.indexer.beforeWrite();
    expect(restarted.indexer.msUntilDue()).toBe(0);
    while (restarted.indexer.step());
    expect(countsOf(storage)).toMatchObject({ position_index: 2 * DEVICES, positions_tail: 0 });
  });

  it('tries a chunk that failed again, so no position drops out of the history', async () => {
    const storage = await openDatabase();
    const clock = { now: START };
    const { indexer, round } = ingestOf(storage, clock);
    for (let second = 0; second < 5; second++, clock.now += 1000) round(second);
    storage.sqlite!.exec(`create table refuse (flag integer);
      insert into refuse values (1);
      create trigger refuse_index before insert on position_index when exists (select 1 from refuse) begin select raise(abort, 'refused'); end`);
    expect(() => indexer.step()).toThrow('refused');
    storage.sqlite!.exec('delete from refuse');
    while (indexer.step());
    expect(countsOf(storage)).toEqual({ positions: 25, positions_data: 25, position_index: 25, positions_tail: 0 });
  });

  it('keeps the positions the API stores out of the tail, which every history query reads whole', async () => {
    const storage = await openDatabase();
    const clock = { now: START };
    const { indexer, round } = ingestOf(storage, clock);
    const repos = createRepositories(storage);
    const { id: _, ...first } = (await repos.positions.findByIds([apiPosition(storage)]))[0]!;
    const store = () => repos.positions.insert({ ...first, fixTime: new Date((clock.now += 1000)).toISOString() });
    await store();
    expect(tailRows(storage)).toBe(0);
    round(0);
    await store();
    // the ingest's positions wait for a pass, and the API's after them with them
    expect(tailRows(storage)).toBe(DEVICES + 1);
    clock.now += MAX_DELAY;
    while (indexer.step());
    expect(tailRows(storage)).toBe(0);
    await store();
    expect(tailRows(storage)).toBe(0);
    expect(countsOf(storage)).toEqual({ positions: DEVICES + 4, positions_data: DEVICES + 4, position_index: DEVICES + 4, positions_tail: 0 });
  });

  it('never hides a batch whose ids the ingest drew before the API stored a position', async () => {
    const storage = await openDatabase();
    const clock = { now: START };
    const { indexer, round } = ingestOf(storage, clock);
    const repos = createRepositories(storage);
    round(0);
    clock.now += MAX_DELAY;
    while (indexer.step());
    // a batch on its way to the writer thread has its ids already
    const drawn = Array.from({ length: DEVICES }, () => storage.positionIds!.next());
    const { id: _, ...first } = (await repos.positions.findByIds([1]))[0]!;
    const apiId = await repos.positions.insert({ ...first, fixTime: new Date(START + 60_000).toISOString() });
    round(1, () => drawn.shift()!);
    expect(storedIds(storage)).toEqual(idsUpTo(apiId));
    expect(countsOf(storage)).toMatchObject({ positions: apiId, positions_tail: DEVICES });
    clock.now += MAX_DELAY;
    while (indexer.step());
    expect(countsOf(storage)).toEqual({ positions: apiId, positions_data: apiId, position_index: apiId, positions_tail: 0 });
    expect(tailRows(storage)).toBe(0);

    // the same while a pass is under way: it ends before the ids drawn
    round(2);
    clock.now += MAX_DELAY;
    expect(indexer.step()).toBe(true);
    const drawnLater = Array.from({ length: DEVICES }, () => storage.positionIds!.next());
    const laterApiId = await repos.positions.insert({ ...first, fixTime: new Date(START + 120_000).toISOString() });
    while (indexer.step());
    round(3, () => drawnLater.shift()!);
    expect(storedIds(storage)).toEqual(idsUpTo(laterApiId));
    expect(countsOf(storage)).toMatchObject({ positions: laterApiId, positions_tail: DEVICES });
  });

  it('stores a position inserted through the view with the columns it leaves out at their defaults', async () => {
    const storage = await openDatabase();
    storage.sqlite!.prepare(`insert into positions ("deviceId", protocol, "serverTime", "deviceTime", "fixTime") values (1, 'osmand', ?, ?, ?)`).run(START, START, START);
    expect(storage.sqlite!.prepare('select id, latitude, valid, attributes from positions').all()).toEqual([{ id: 1, latitude: 0, valid: 0, attributes: '{}' }]);
    expect(countsOf(storage)).toMatchObject({ position_index: 1, positions_tail: 0 });
  });

  it('deletes a position wherever it is, and indexes the API’s own positions at once', async () => {
    const storage = await openDatabase();
    const clock = { now: START };
    const { indexer, round } = ingestOf(storage, clock);
    round(0);
    const repos = createRepositories(storage);
    expect(await repos.positions.deleteById(2)).toBe(true);
    const { id: _first, ...first } = (await repos.positions.findByIds([1]))[0]!;
    const id = await repos.positions.insert({ ...first, fixTime: new Date(START + 60_000).toISOString() });
    expect(id).toBe(DEVICES + 1);
    expect(countsOf(storage)).toEqual({ positions: DEVICES, positions_data: DEVICES, position_index: 1, positions_tail: DEVICES - 1 });
    clock.now += MAX_DELAY;
    while (indexer.step());
    expect(countsOf(storage)).toEqual({ positions: DEVICES, positions_data: DEVICES, position_index: DEVICES, positions_tail: 0 });
    expect(storedIds(storage)).toEqual([1, 3, 4, 5, 6]);
    expect(await repos.positions.deleteById(4)).toBe(true);
    expect(countsOf(storage)).toEqual({ positions: DEVICES - 1, positions_data: DEVICES - 1, position_index: DEVICES - 1, positions_tail: 0 });
  });
});

/** The statistics ANALYZE leaves after a year of one tracker (SQLite's planner reads them). */
const statisticsOfOneDevice = (storage: Storage) => {
  storage.sqlite!.exec(`analyze; delete from sqlite_stat1 where tbl in ('position_index', 'positions_data')`);
  storage.sqlite!.exec(`insert into sqlite_stat1 values ('position_index', 'position_index', '3000000 3000000 1 1'), ('positions_data', null, '3000000'); analyze sqlite_schema`);
};

describe('history queries on the lazy device index', () => {
  it.each([
    ['without statistics', () => {}],
    ['with the statistics of one device', statisticsOfOneDevice],
  ] as const)('search the index and the newest rows, never read every position (%s)', async (_, analyze) => {
    const storage = await openDatabase();
    analyze(storage);
    const clock = { now: START };
    const { round } = ingestOf(storage, clock);
    round(0);
    const queries: { sql: string; parameters: readonly unknown[] }[] = [];
    const logged = new Kysely<DatabaseSchema>({
      dialect: new QueuedSqliteDialect({ database: storage.sqlite! }),
      log: (event) => void queries.push(event.query),
    });
    const repos = createRepositories({ ...storage, db: logged });
    await repos.positions.findRange(1, START, START + 60_000, 100);
    await repos.positions.findByIds([1, 2]);
    await repos.positions.findLatest(sql`(select 1 union select 2)`, 0);
    await repos.reportData.leanPositions(1, START, START + 60_000, { time: START, id: 1 }, 100);
    await repos.reportData.endPosition(1, START, START + 60_000, 'last');
    await repos.reportData.motionEvents(1, START, START + 60_000);
    await repos.processing.recentPositions([{ deviceId: 1, from: START, to: START + 60_000 }]);
    await repos.positions.deleteById(1);
    await repos.positions.deleteRange(2, START, START + 1000);
    expect(queries.length).toBeGreaterThanOrEqual(9);
    for (const { sql: text, parameters } of queries) {
      const plan = storage.sqlite!.prepare(`explain query plan ${text}`).all(...(parameters as unknown[])) as { detail: string }[];
      const fullScans = plan.map(({ detail }) => detail).filter((detail) => /^SCAN (p|i|q|t|positions_data|position_index)\b|AUTOMATIC/.test(detail));
      expect({ text, fullScans }).toEqual({ text, fullScans: [] });
    }
  });
});
