import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteWithVans } from '../../test/helpers/sqlite-vans.js';
import { codecs } from './codecs.js';
import type { Storage } from './database.js';
import { createRepositories } from './repositories.js';
import { LATEST_HOLD_MS } from './sqlite-device-latest.js';
import { createBatchPacker, createSqliteBatchWriter } from './sqlite-ingest-batch.js';
import { openSqliteConnection } from './sqlite-connection.js';
import { createPositionIndexer } from './sqlite-position-indexer.js';

const T0 = Date.UTC(2026, 10, 1, 8);

let storage: Storage | undefined;
afterEach(async () => {
  await storage?.close();
  storage = undefined;
});

interface Report {
  deviceId: number;
  fixTime: number;
  /** A message without a position (a heartbeat). */
  heartbeat?: boolean;
}

/** A writer as the writer thread has one, holding rows back while `queue.more` (a busy server), on the clock `queue.now`. */
const writerOf = (storage: Storage, queue: { more: boolean; now: number }) => writerOn(storage.sqlite!, () => storage.positionIds!.next(), queue);

const writerOn = (sqlite: SqliteDatabase.Database, nextId: () => number, queue: { more: boolean; now: number }, idleMs = 60_000) => {
  const write = createSqliteBatchWriter(sqlite, createPositionIndexer(sqlite), { holdsRowsOf: () => queue.more, now: () => queue.now, idleMs });
  /** Writes the reports as one batch; each one's position id and the device's latest position id afterwards. */
  const batch = (reports: Report[], badEvent = false) => {
    const packer = createBatchPacker();
    const ids = reports.map(({ deviceId, fixTime, heartbeat }) => {
      const positionId = heartbeat ? 0 : nextId();
      const row = codecs.position.toRow({
        id: 0, deviceId, protocol: 'gt06', serverTime: new Date(fixTime + 500).toISOString(), deviceTime: new Date(fixTime).toISOString(),
        fixTime: new Date(fixTime).toISOString(), valid: true, latitude: 52, longitude: 13, altitude: 0, speed: 10, course: 90, address: null,
        accuracy: 0, network: null, geofenceIds: null, attributes: {},
      }) as Record<string, unknown>;
      packer.add(deviceId, fixTime + 500, positionId, heartbeat ? undefined : { row, fixTime }, undefined, badEvent ? [{ noSuchColumn: 1 }] : []);
      return positionId;
    });
    const results = write(packer.batch);
    // per message: its latest id, then its events' count and ids (none here)
    return ids.map((positionId, index) => ({ positionId, latestId: results[index * 2]! }));
  };
  return { batch, writeHeldLatest: write.writeHeldLatest };
};

const storedRow = (storage: Storage, deviceId: number) => rowIn(storage.sqlite!, deviceId);
const rowIn = (sqlite: SqliteDatabase.Database, deviceId: number) =>
  sqlite.prepare(`select status, "lastUpdate", "positionId", "fixTime" from device_latest where "deviceId" = ?`).get(deviceId);
const heldAfter = (storage: Storage) => storage.sqlite!.prepare(`select "heldAfter" from device_latest_held`).pluck().get();

/** A database file with one device, "Van 1": the API's storage on it, and a connection of its own for the writer, as the writer thread has. */
const fileDatabaseWithVan = async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-latest-'));
  const file = path.join(folder, 'database.sqlite');
  const api = await openSqliteWithVans(1, `sqlite:${file}`);
  const writing = openSqliteConnection(file);
  const close = async () => {
    writing.close();
    await api.close();
    fs.rmSync(folder, { recursive: true, force: true });
  };
  return { api, writing, close };
};

describe('the SQLite writer\'s device rows (device_latest)', () => {
  it('writes each batch\'s device rows with it when no other batch waits', async () => {
    storage = await openSqliteWithVans(2);
    const { batch } = writerOf(storage, { more: false, now: T0 });

    const [first, second] = batch([{ deviceId: 1, fixTime: T0 }, { deviceId: 2, fixTime: T0 }]);
    expect(storedRow(storage, 1)).toEqual({ status: 'online', lastUpdate: T0 + 500, positionId: first!.positionId, fixTime: T0 });
    expect(storedRow(storage, 2)).toEqual({ status: 'online', lastUpdate: T0 + 500, positionId: second!.positionId, fixTime: T0 });

    const [next] = batch([{ deviceId: 1, fixTime: T0 + 1000 }]);
    expect(storedRow(storage, 1)).toEqual({ status: 'online', lastUpdate: T0 + 1500, positionId: next!.positionId, fixTime: T0 + 1000 });
    expect(heldAfter(storage)).toBeNull();
  });

  it('holds the rows back from a busy server\'s batches, answering each message as if written, and writes them with the next batch not held', async () => {
    storage = await openSqliteWithVans(3);
    const queue = { more: false, now: T0 };
    const { batch } = writerOf(storage, queue);
    const [before, other] = batch([{ deviceId: 1, fixTime: T0 }, { deviceId: 2, fixTime: T0 }]);

    queue.more = true;
    const [moved, firstHeard] = batch([{ deviceId: 1, fixTime: T0 + 1000 }, { deviceId: 3, fixTime: T0 + 1000 }]);
    const [late, heard] = batch([{ deviceId: 1, fixTime: T0 + 500 }, { deviceId: 2, fixTime: T0 + 2000, heartbeat: true }]);
    expect(moved!.latestId).toBe(moved!.positionId);
    // an older fix arriving late does not take over the held latest
    expect(late!.latestId).toBe(moved!.positionId);
    expect(heard!.latestId).toBe(other!.positionId);
    expect(storedRow(storage, 1)).toEqual({ status: 'online', lastUpdate: T0 + 500, positionId: before!.positionId, fixTime: T0 });
    expect(storedRow(storage, 2)).toEqual({ status: 'online', lastUpdate: T0 + 500, positionId: other!.positionId, fixTime: T0 });
    // a device's first row is written at once
    expect(storedRow(storage, 3)).toEqual({ status: 'online', lastUpdate: T0 + 1500, positionId: firstHeard!.positionId, fixTime: T0 + 1000 });
    expect(heldAfter(storage)).toBe(other!.positionId);

    queue.more = false;
    batch([]);
    expect(storedRow(storage, 1)).toEqual({ status: 'online', lastUpdate: T0 + 1000, positionId: moved!.positionId, fixTime: T0 + 1000 });
    expect(storedRow(storage, 2)).toEqual({ status: 'online', lastUpdate: T0 + 2500, positionId: other!.positionId, fixTime: T0 });
    expect(heldAfter(storage)).toBeNull();
  });

  it(`writes the rows once they have been held ${LATEST_HOLD_MS} ms, even while busy batches keep coming`, async () => {
    storage = await openSqliteWithVans(1);
    const queue = { more: false, now: T0 };
    const { batch } = writerOf(storage, queue);
    const [written] = batch([{ deviceId: 1, fixTime: T0 }]);

    queue.more = true;
    batch([{ deviceId: 1, fixTime: T0 + 1000 }]);
    queue.now += LATEST_HOLD_MS - 1;
    batch([{ deviceId: 1, fixTime: T0 + 2000 }]);
    expect(storedRow(storage, 1)).toMatchObject({ positionId: written!.positionId });

    queue.now += 1;
    const [last] = batch([{ deviceId: 1, fixTime: T0 + 3000 }]);
    expect(storedRow(storage, 1)).toMatchObject({ positionId: last!.positionId, fixTime: T0 + 3000 });
    expect(heldAfter(storage)).toBeNull();
  });

  it('keeps the previous latest when the API deleted the held one before it was written', async () => {
    const { api, writing, close } = await fileDatabaseWithVan();
    try {
      let id = 0;
      const queue = { more: false, now: T0 };
      const { batch } = writerOn(writing, () => ++id, queue);
      const [kept] = batch([{ deviceId: 1, fixTime: T0 }]);

      queue.more = true;
      const [deleted] = batch([{ deviceId: 1, fixTime: T0 + 1000 }]);
      expect(await createRepositories(api).positions.deleteById(deleted!.positionId)).toBe(true);
      queue.more = false;
      batch([]);
      expect(rowIn(writing, 1)).toEqual({ status: 'online', lastUpdate: T0 + 1500, positionId: kept!.positionId, fixTime: T0 });
    } finally {
      await close();
    }
  });

  it('reads a device\'s row again once another connection has changed it, as the API does deleting its latest position', async () => {
    const { api, writing, close } = await fileDatabaseWithVan();
    try {
      let id = 0;
      const { batch } = writerOn(writing, () => ++id, { more: false, now: T0 });
      batch([{ deviceId: 1, fixTime: T0 }]);
      const [latest] = batch([{ deviceId: 1, fixTime: T0 + 2000 }]);

      expect(await createRepositories(api).positions.deleteById(latest!.positionId)).toBe(true);
      const [older] = batch([{ deviceId: 1, fixTime: T0 + 1000 }]);
      expect(older!.latestId).toBe(older!.positionId);
      expect(rowIn(writing, 1)).toEqual({ status: 'online', lastUpdate: T0 + 1500, positionId: older!.positionId, fixTime: T0 + 1000 });
    } finally {
      await close();
    }
  });

  it('reads each device\'s row afresh on a connection the API shares, which holds nothing back', async () => {
    storage = await openSqliteWithVans(1);
    const sqlite = storage.sqlite!;
    const write = createSqliteBatchWriter(sqlite, createPositionIndexer(sqlite));
    const report = (fixTime: number) => {
      const packer = createBatchPacker();
      const positionId = storage!.positionIds!.next();
      packer.add(1, fixTime + 500, positionId, { row: { deviceId: 1, protocol: 'gt06', serverTime: fixTime + 500, deviceTime: fixTime, fixTime, valid: 1, latitude: 52, longitude: 13 }, fixTime }, undefined, []);
      return { positionId, latestId: write(packer.batch)[0] };
    };
    report(T0);
    const latest = report(T0 + 2000);
    expect(storedRow(storage, 1)).toMatchObject({ positionId: latest.positionId });

    expect(await createRepositories(storage).positions.deleteById(latest.positionId)).toBe(true);
    const older = report(T0 + 1000);
    expect(older.latestId).toBe(older.positionId);
    expect(storedRow(storage, 1)).toEqual({ status: 'online', lastUpdate: T0 + 1500, positionId: older.positionId, fixTime: T0 + 1000 });
  });

  it('makes the positions stored while rows were held latest again after a crash, at the first batch of the next start', async () => {
    storage = await openSqliteWithVans(2);
    const queue = { more: false, now: T0 };
    const crashed = writerOf(storage, queue);
    const [, written] = crashed.batch([{ deviceId: 1, fixTime: T0 }, { deviceId: 2, fixTime: T0 }]);
    queue.more = true;
    const [one, two] = crashed.batch([{ deviceId: 1, fixTime: T0 + 2000 }, { deviceId: 2, fixTime: T0 + 1000 }]);
    crashed.batch([{ deviceId: 1, fixTime: T0 + 1000 }]);
    expect(storedRow(storage, 1)).toMatchObject({ fixTime: T0 });
    expect(heldAfter(storage)).toBe(written!.positionId);

    // the process died holding them; the next one's writer starts
    const restarted = writerOf(storage, { more: false, now: T0 + 60_000 });
    restarted.batch([{ deviceId: 2, fixTime: T0 + 5000, heartbeat: true }]);
    // the late older fix, received last, is the last report but not the latest position
    expect(storedRow(storage, 1)).toEqual({ status: 'online', lastUpdate: T0 + 1500, positionId: one!.positionId, fixTime: T0 + 2000 });
    expect(storedRow(storage, 2)).toEqual({ status: 'online', lastUpdate: T0 + 5500, positionId: two!.positionId, fixTime: T0 + 1000 });
    expect(heldAfter(storage)).toBeNull();
  });

  it('recovers what a crash left held at the next batch, when the first after the start fails', async () => {
    storage = await openSqliteWithVans(1);
    const queue = { more: false, now: T0 };
    const crashed = writerOf(storage, queue);
    crashed.batch([{ deviceId: 1, fixTime: T0 }]);
    queue.more = true;
    const [held] = crashed.batch([{ deviceId: 1, fixTime: T0 + 1000 }]);

    const restarted = writerOf(storage, { more: false, now: T0 + 60_000 });
    expect(() => restarted.batch([{ deviceId: 1, fixTime: T0 + 2000 }], true)).toThrow(/noSuchColumn/);
    expect(storedRow(storage, 1)).toMatchObject({ fixTime: T0 });
    restarted.batch([{ deviceId: 1, fixTime: T0 + 500, heartbeat: true }]);
    expect(storedRow(storage, 1)).toEqual({ status: 'online', lastUpdate: T0 + 1000, positionId: held!.positionId, fixTime: T0 + 1000 });
    expect(heldAfter(storage)).toBeNull();
  });

  it('forgets what a failed batch changed and keeps the rows held before it', async () => {
    storage = await openSqliteWithVans(2);
    const queue = { more: false, now: T0 };
    const { batch } = writerOf(storage, queue);
    const [, kept] = batch([{ deviceId: 1, fixTime: T0 }, { deviceId: 2, fixTime: T0 }]);
    queue.more = true;
    const [held] = batch([{ deviceId: 1, fixTime: T0 + 1000 }]);

    expect(() => batch([{ deviceId: 1, fixTime: T0 + 2000 }, { deviceId: 2, fixTime: T0 + 2000 }], true)).toThrow(/noSuchColumn/);
    queue.more = false;
    batch([]);
    expect(storedRow(storage, 1)).toEqual({ status: 'online', lastUpdate: T0 + 1500, positionId: held!.positionId, fixTime: T0 + 1000 });
    expect(storedRow(storage, 2)).toEqual({ status: 'online', lastUpdate: T0 + 500, positionId: kept!.positionId, fixTime: T0 });
  });

  it('writes the held rows on their own once no batch has come for a while', async () => {
    storage = await openSqliteWithVans(1);
    const queue = { more: false, now: Date.now() };
    const { batch } = writerOn(storage.sqlite!, () => storage!.positionIds!.next(), queue, 20);
    batch([{ deviceId: 1, fixTime: T0 }]);
    queue.more = true;
    const [held] = batch([{ deviceId: 1, fixTime: T0 + 1000 }]);
    expect(storedRow(storage, 1)).toMatchObject({ fixTime: T0 });

    // the writer's clock moves on with no batch: its timer writes them
    queue.now += 20;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(storedRow(storage, 1)).toEqual({ status: 'online', lastUpdate: T0 + 1500, positionId: held!.positionId, fixTime: T0 + 1000 });
    expect(heldAfter(storage)).toBeNull();
  });

  it('writes every held row when asked before the connection closes', async () => {
    storage = await openSqliteWithVans(1);
    const queue = { more: false, now: T0 };
    const { batch, writeHeldLatest } = writerOf(storage, queue);
    batch([{ deviceId: 1, fixTime: T0 }]);
    queue.more = true;
    const [held] = batch([{ deviceId: 1, fixTime: T0 + 1000 }]);

    writeHeldLatest();
    expect(storedRow(storage, 1)).toEqual({ status: 'online', lastUpdate: T0 + 1500, positionId: held!.positionId, fixTime: T0 + 1000 });
    expect(heldAfter(storage)).toBeNull();
  });
});
