import { afterEach, describe, expect, it } from 'vitest';
import { codecs } from './codecs.js';
import type { Storage } from './database.js';
import { openSqliteWithVans } from '../../test/helpers/sqlite-vans.js';
import { createIngestWriter, type IngestRecord, type IngestWriter } from './ingest-writer.js';
import { createRepositories } from './repositories.js';
import { createBatchPacker, createSqliteBatchWriter } from './sqlite-ingest-batch.js';
import { createPositionIndexer } from './sqlite-position-indexer.js';

const START = Date.UTC(2026, 10, 1);
const DEVICES = 3;
const END = START + 3_600_000;

let storage: Storage | undefined;
afterEach(async () => {
  await storage?.close();
  storage = undefined;
});

const openDatabase = async () => (storage = await openSqliteWithVans(DEVICES));

const rowOf = (deviceId: number, second: number) => {
  const fixTime = START + second * 1000;
  const time = new Date(fixTime).toISOString();
  const position = {
    id: 0, deviceId, protocol: 'gt06', serverTime: time, deviceTime: time, fixTime: time, valid: true, latitude: 52 + deviceId / 100,
    longitude: 13 + second / 1000, altitude: 0, speed: 10, course: 90, address: null, accuracy: 0, network: null, geofenceIds: null, attributes: { sat: 8 },
  };
  return { row: codecs.position.toRow(position) as Record<string, unknown>, fixTime };
};

const writers = new WeakMap<Storage, IngestWriter>();
/** One report from every device, `second` into the run, stored as the ingest stores it (its indexing a few seconds behind). */
const ingestRound = async (storage: Storage, second: number) => {
  if (!writers.has(storage)) writers.set(storage, createIngestWriter(storage));
  const records: IngestRecord[] = Array.from({ length: DEVICES }, (_, index) => ({
    deviceId: index + 1,
    received: START + second * 1000,
    position: rowOf(index + 1, second),
    complete: () => ({ events: [] }),
  }));
  return (await writers.get(storage)!.write(records)).map((outcome) => outcome.positionId);
};

/** What the whole `positions` view holds for the device, read row by row. */
const viewIds = (storage: Storage, deviceId: number) =>
  storage.sqlite!.prepare('select id from positions where "deviceId" = ? order by "fixTime", id').pluck().all(deviceId) as number[];
const historyIds = async (storage: Storage, deviceId: number) =>
  (await createRepositories(storage).positions.findRange(deviceId, START, END, 1000)).map((position) => position.id);
const reportIds = async (storage: Storage, deviceId: number) =>
  (await createRepositories(storage).reportData.positions(deviceId, START, END, undefined, 1000)).map((position) => position.id);
/** The writer's next indexing pass, all at once; it reads the tail from the database. */
/** The pipeline's recent history of the device, as it reads it when it loads the device's state. */
const recentIds = async (storage: Storage, deviceId: number) =>
  ((await createRepositories(storage).processing.recentPositions([{ deviceId, from: START, to: END }])).get(deviceId) ?? []).map((position) => position.id);
const indexEverything = (storage: Storage) => {
  const indexer = createPositionIndexer(storage.sqlite!, { delayMs: 0 });
  indexer.beforeWrite();
  while (indexer.step());
};
const tailRows = (storage: Storage) => storage.sqlite!.prepare('select count(*) from positions_tail').pluck().get();

describe('a device’s positions read while the newest are not indexed yet (SQLite)', () => {
  it('holds each position the ingest just stored once, in order, before and after the indexing takes them', async () => {
    const storage = await openDatabase();
    const ids: number[][] = [];
    for (let second = 0; second < 4; second++) ids.push(await ingestRound(storage, second));
    const vanTwo = ids.map((round) => round[1]!);
    expect(tailRows(storage)).toBe(12);

    expect(await historyIds(storage, 2)).toEqual(vanTwo);
    expect(await reportIds(storage, 2)).toEqual(vanTwo);
    expect(await recentIds(storage, 2)).toEqual(vanTwo);
    expect(viewIds(storage, 2)).toEqual(vanTwo);

    indexEverything(storage);
    expect(tailRows(storage)).toBe(0);
    expect(await historyIds(storage, 2)).toEqual(vanTwo);
    ids.push(await ingestRound(storage, 4));
    const later = [...vanTwo, ids[4]![1]!];
    expect(await historyIds(storage, 2)).toEqual(later);
    expect(await reportIds(storage, 2)).toEqual(later);
    expect(await recentIds(storage, 2)).toEqual(later);
  });

  it('reads the positions stored before the server started from the tail itself', async () => {
    const storage = await openDatabase();
    // the writer thread's first indexing pass, which takes what a previous run left, has not run yet
    const write = createSqliteBatchWriter(storage.sqlite!, createPositionIndexer(storage.sqlite!, { delayMs: 60_000 }));
    const store = (second: number, drawnHere: boolean) => {
      const id = storage.positionIds!.next();
      if (drawnHere) storage.positionTail!.drawn(2, id);
      const packer = createBatchPacker();
      packer.add(2, START + second * 1000, id, rowOf(2, second), undefined, []);
      write(packer.batch);
      return id;
    };
    const earlier = [store(0, false), store(1, false)];
    expect(await historyIds(storage, 2)).toEqual(earlier);

    const now = [store(2, true), store(3, true)];
    expect(await historyIds(storage, 2)).toEqual([...earlier, ...now]);
    expect(await reportIds(storage, 2)).toEqual([...earlier, ...now]);
    expect(await recentIds(storage, 2)).toEqual([...earlier, ...now]);
  });

  it('looks the newest positions up by the ids the ingest drew, not row by row through the tail', async () => {
    const storage = await openDatabase();
    const drawn = await ingestRound(storage, 0);
    // a row no writer of this server stored, with an id above those drawn: the tail holds it, a
    // lookup by the drawn ids does not reach it
    storage.sqlite!.prepare('insert into positions_data (id, "deviceId", protocol, "serverTime", "deviceTime", "fixTime") values (?, 2, ?, ?, ?, ?)').run(drawn[2]! + 1, 'stray', START, START, START);

    expect(viewIds(storage, 2)).toEqual([drawn[1], drawn[2]! + 1]);
    expect(await historyIds(storage, 2)).toEqual([drawn[1]]);
    expect(await recentIds(storage, 2)).toEqual([drawn[1]]);
  });

  it('deletes a period of a device’s positions, indexed or not, and nothing around it', async () => {
    const storage = await openDatabase();
    const ids: number[][] = [];
    for (let second = 0; second < 3; second++) ids.push(await ingestRound(storage, second));
    indexEverything(storage);
    for (let second = 3; second < 6; second++) ids.push(await ingestRound(storage, second));
    expect(tailRows(storage)).toBe(9);

    await createRepositories(storage).positions.deleteRange(2, START + 2000, START + 4000);

    const vanTwo = ids.map((round) => round[1]!);
    expect(await historyIds(storage, 2)).toEqual([vanTwo[0], vanTwo[1], vanTwo[5]]);
    expect(viewIds(storage, 2)).toEqual([vanTwo[0], vanTwo[1], vanTwo[5]]);
    expect(await historyIds(storage, 1)).toEqual(ids.map((round) => round[0]!));
    expect(await historyIds(storage, 3)).toEqual(ids.map((round) => round[2]!));
    expect(tailRows(storage)).toBe(7);
  });

  it('leaves out a position deleted before the indexing took it', async () => {
    const storage = await openDatabase();
    const first = await ingestRound(storage, 0);
    const second = await ingestRound(storage, 1);
    await createRepositories(storage).positions.deleteById(first[1]!);

    expect(await historyIds(storage, 2)).toEqual([second[1]]);
  });
});
