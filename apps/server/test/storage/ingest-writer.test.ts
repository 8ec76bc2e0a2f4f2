import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '@tracklane/domain';
import { codecs } from '../../src/storage/codecs.js';
import { createIngestWriter, type IngestRecord, type IngestWriter } from '../../src/storage/ingest-writer.js';
import { HOLD_FROM_MESSAGES } from '../../src/storage/sqlite-device-latest.js';
import { sqliteFileDatabase, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 2, 1, 8);

const positionOf = (deviceId: number, fixTime: number, received = fixTime + 1000) => ({
  deviceId, protocol: 'osmand', serverTime: received, deviceTime: fixTime, fixTime, valid: true, latitude: 52, longitude: 13,
  altitude: 0, speed: 5, course: 0, address: null, accuracy: 0, network: null, geofenceIds: null, attributes: { batteryLevel: 80 },
});

describe.each([...testDatabases(), sqliteFileDatabase()])('ingest writer on $name', (database) => {
  let server: TestServer;
  let writer: IngestWriter;
  let devices = 0;

  beforeAll(async () => {
    server = await startTestServer(database);
    writer = createIngestWriter(server.ctx.storage);
  });
  afterAll(() => server.close());

  const db = () => server.ctx.storage.db;
  const newDevice = () => server.ctx.repos.devices.insert({ name: `Writer ${++devices}`, uniqueId: `writer-${devices}` });

  interface Options { events?: string[]; state?: string; filtered?: boolean; received?: number }
  /** A message of `deviceId` fixed at `fixTime`; `completions` counts how often its events were asked for. */
  const record = (deviceId: number, fixTime: number, { events = [], state, filtered = false, received = fixTime + 1000 }: Options = {}) => {
    const position = positionOf(deviceId, fixTime, received);
    const item: IngestRecord & { completions: number } = {
      deviceId,
      received,
      position: filtered ? undefined : { row: codecs.position.toRow(position), fixTime },
      completions: 0,
      complete: (positionId) => {
        item.completions++;
        return { events: events.map((type) => ({ type, eventTime: new Date(fixTime).toISOString(), deviceId, positionId, geofenceId: 0, maintenanceId: 0, attributes: {} })), state };
      },
    };
    return item;
  };

  const deviceRow = (id: number) => db().selectFrom('devices_with_latest').select(['status', 'lastUpdate', 'positionId']).where('id', '=', id).executeTakeFirstOrThrow();
  const storedEvents = (deviceId: number) => db().selectFrom('events').select(['id', 'type', 'positionId']).where('deviceId', '=', deviceId).orderBy('id').execute();
  const positionCount = async (deviceId: number) => (await db().selectFrom('positions').select('id').where('deviceId', '=', deviceId).execute()).length;
  const stateOf = async (deviceId: number) => (await db().selectFrom('processing_states').select('state').where('deviceId', '=', deviceId).executeTakeFirst())?.state;

  it('stores a batch of several devices with their events and detector state, each new position the latest', async () => {
    const [a, b, c] = [await newDevice(), await newDevice(), await newDevice()];
    const outcomes = await writer.write([record(a, T0, { events: ['deviceMoving'] }), record(b, T0, { events: ['deviceOverspeed', 'alarm'], state: '{"motion":true}' }), record(c, T0)]);

    const ids = outcomes.map((outcome) => outcome.positionId);
    expect(new Set(ids).size).toBe(3);
    expect(outcomes.map((outcome) => outcome.latestId)).toEqual(ids);
    const stored = await db().selectFrom('positions').select(['id', 'deviceId', 'fixTime']).where('id', 'in', ids).orderBy('deviceId').execute();
    expect(stored).toEqual([a, b, c].map((deviceId, index) => ({ id: ids[index], deviceId, fixTime: T0 })));

    expect(outcomes.map((outcome) => outcome.events.map((event: Event) => [event.type, event.positionId]))).toEqual([[['deviceMoving', ids[0]]], [['deviceOverspeed', ids[1]], ['alarm', ids[1]]], []]);
    expect(await storedEvents(b)).toEqual(outcomes[1]!.events.map((event) => ({ id: event.id, type: event.type, positionId: ids[1] })));
    expect(await storedEvents(a)).toEqual([{ id: outcomes[0]!.events[0]!.id, type: 'deviceMoving', positionId: ids[0] }]);

    expect([await stateOf(a), await stateOf(b)]).toEqual([undefined, '{"motion":true}']);
    expect(await deviceRow(c)).toEqual({ status: 'online', lastUpdate: T0 + 1000, positionId: ids[2] });
  });

  it('gives each message of a batch in no particular device order its own position, events and latest, and asks for them in arrival order', async () => {
    const [a, b, c] = [await newDevice(), await newDevice(), await newDevice()];
    const asked: number[] = [];
    const inOrder = (item: ReturnType<typeof record>) => {
      const complete = item.complete;
      item.complete = (positionId) => {
        asked.push(item.deviceId);
        return complete(positionId);
      };
      return item;
    };
    const batch = [inOrder(record(c, T0, { events: ['alarm'] })), inOrder(record(a, T0, { filtered: true })), inOrder(record(b, T0, { events: ['deviceMoving', 'deviceOverspeed'] }))];
    const outcomes = await writer.write(batch);

    expect(asked).toEqual([c, a, b]);
    expect(outcomes[1]).toMatchObject({ positionId: 0, latestId: 0, events: [] });
    const [ofC, ofB] = [outcomes[0]!, outcomes[2]!];
    const stored = await db().selectFrom('positions').select(['id', 'deviceId']).where('id', 'in', [ofC.positionId, ofB.positionId]).orderBy('deviceId').execute();
    expect(stored).toEqual([{ id: ofB.positionId, deviceId: b }, { id: ofC.positionId, deviceId: c }]);
    expect([ofC.latestId, ofB.latestId]).toEqual([ofC.positionId, ofB.positionId]);
    expect(await storedEvents(c)).toEqual(ofC.events.map((event) => ({ id: event.id, type: 'alarm', positionId: ofC.positionId })));
    expect(await storedEvents(b)).toEqual(ofB.events.map((event) => ({ id: event.id, type: event.type, positionId: ofB.positionId })));
    expect(ofB.events.map((event) => event.type)).toEqual(['deviceMoving', 'deviceOverspeed']);
    expect(await deviceRow(a)).toEqual({ status: 'online', lastUpdate: T0 + 1000, positionId: null });
    // SQLite stores a batch's positions in device order: a device's neighbours' positions beside its own
    if (database.name !== 'postgres') expect(ofB.positionId).toBeLessThan(ofC.positionId);
  });

  it('replaces a device’s detector state with the next one it changes to, and keeps it through reports that change nothing', async () => {
    const [a, b] = [await newDevice(), await newDevice()];
    await writer.write([record(a, T0, { state: '{"motion":{"moving":false}}' })]);
    await writer.write([record(a, T0 + 1000, { state: '{"motion":{"moving":true}}' }), record(b, T0 + 1000, { state: '{"motion":{"moving":false}}' })]);
    await writer.write([record(a, T0 + 2000), record(b, T0 + 2000)]);

    expect([await stateOf(a), await stateOf(b)]).toEqual(['{"motion":{"moving":true}}', '{"motion":{"moving":false}}']);
    const rows = await db().selectFrom('processing_states').select('deviceId').where('deviceId', 'in', [a, b]).execute();
    expect(rows).toHaveLength(2);
  });

  it('stores batches written side by side, as many as the writer says it can, each with its own ids', async () => {
    const batches = await Promise.all(Array.from({ length: Math.max(2, writer.concurrency ?? 1) }, async () => {
      const devices = [await newDevice(), await newDevice()];
      return { devices, outcomes: await writer.write(devices.map((deviceId) => record(deviceId, T0, { events: ['deviceMoving'] }))) };
    }));
    const positionIds = batches.flatMap(({ outcomes }) => outcomes.map((outcome) => outcome.positionId));
    const eventIds = batches.flatMap(({ outcomes }) => outcomes.flatMap((outcome) => outcome.events.map((event) => event.id)));
    expect(new Set(positionIds).size).toBe(positionIds.length);
    expect(new Set(eventIds).size).toBe(eventIds.length);
    for (const { devices, outcomes } of batches) {
      for (const [index, deviceId] of devices.entries()) {
        expect(await deviceRow(deviceId)).toEqual({ status: 'online', lastUpdate: T0 + 1000, positionId: outcomes[index]!.positionId });
        expect(await storedEvents(deviceId)).toEqual([{ id: outcomes[index]!.events[0]!.id, type: 'deviceMoving', positionId: outcomes[index]!.positionId }]);
      }
    }
  });

  it('stores every value in its own column when the rows of one batch list their columns in different orders', async () => {
    const [first, second] = [await newDevice(), await newDevice()];
    const reordered = record(second, T0);
    const row = codecs.position.toRow({ ...positionOf(second, T0), latitude: -33.9, longitude: 18.4, speed: 42, attributes: { batteryLevel: 12 } });
    reordered.position = { row: Object.fromEntries(Object.entries(row).reverse()), fixTime: T0 };
    await writer.write([record(first, T0), reordered]);

    const stored = await db().selectFrom('positions').select(['deviceId', 'latitude', 'longitude', 'speed', 'attributes']).where('deviceId', 'in', [first, second]).orderBy('deviceId').execute();
    expect(stored.map(({ attributes, ...columns }) => ({ ...columns, attributes: JSON.parse(String(attributes)) }))).toEqual([
      { deviceId: first, latitude: 52, longitude: 13, speed: 5, attributes: { batteryLevel: 80 } },
      { deviceId: second, latitude: -33.9, longitude: 18.4, speed: 42, attributes: { batteryLevel: 12 } },
    ]);
  });

  it('stores each position of a large batch under its own id with its own values, across rows in another column order and messages without a position', async () => {
    const fleet = await Promise.all(Array.from({ length: 70 }, newDevice));
    const withoutPosition = (index: number) => index % 9 === 4;
    const records = fleet.map((deviceId, index) => {
      const item = record(deviceId, T0, { filtered: withoutPosition(index) });
      const row = codecs.position.toRow({ ...positionOf(deviceId, T0), latitude: index, longitude: -1 - index, speed: index / 2 });
      // a few rows in the middle of the batch list their columns the other way round
      if (item.position) item.position = { row: index >= 40 && index < 45 ? Object.fromEntries(Object.entries(row).reverse()) : row, fixTime: T0 };
      return item;
    });
    const outcomes = await writer.write(records);

    const byDevice = (a: { deviceId: number }, b: { deviceId: number }) => a.deviceId - b.deviceId;
    const stored = await db().selectFrom('positions').select(['id', 'deviceId', 'latitude', 'longitude', 'speed']).where('deviceId', 'in', fleet).execute();
    const expected = fleet.flatMap((deviceId, index) => (withoutPosition(index) ? [] : [{ id: outcomes[index]!.positionId, deviceId, latitude: index, longitude: -1 - index, speed: index / 2 }]));
    expect(stored.sort(byDevice)).toEqual(expected.sort(byDevice));
    expect(outcomes.map((outcome) => outcome.positionId === 0)).toEqual(fleet.map((_, index) => withoutPosition(index)));
  });

  it('keeps the newer latest position when an older fix arrives late, beside a device whose newer fix takes over', async () => {
    const [late, onTime] = [await newDevice(), await newDevice()];
    const [first] = await writer.write([record(late, T0), record(onTime, T0)]);
    const received = T0 + 2 * HOUR;
    const [older, newer] = await writer.write([record(late, T0 - HOUR, { received }), record(onTime, T0 + HOUR, { received })]);

    expect(older!.latestId).toBe(first!.positionId);
    expect(newer!.latestId).toBe(newer!.positionId);
    // the late fix is stored all the same, and the device is heard from
    expect(await positionCount(late)).toBe(2);
    expect(await deviceRow(late)).toEqual({ status: 'online', lastUpdate: received, positionId: first!.positionId });
  });

  it('takes an older fix as latest when the device\'s latest position was deleted', async () => {
    const device = await newDevice();
    const [first] = await writer.write([record(device, T0)]);
    expect(await server.ctx.repos.positions.deleteById(first!.positionId)).toBe(true);
    const [older] = await writer.write([record(device, T0 - HOUR)]);
    expect(older!.latestId).toBe(older!.positionId);
  });

  it('stores the positions of a device deleted since it was last heard, beside a device heard for the first time, and keeps nothing of its status', async () => {
    const [deleted, fresh] = [await newDevice(), await newDevice()];
    await writer.write([record(deleted, T0)]);
    expect(await server.ctx.repos.devices.delete(deleted)).toBe(true);
    const [late, first] = await writer.write([record(deleted, T0 + HOUR), record(fresh, T0 + HOUR)]);
    expect(late!.positionId).toBeGreaterThan(0);
    expect(late!.latestId).toBe(0);
    expect(await positionCount(deleted)).toBe(2);
    expect(first!.latestId).toBe(first!.positionId);
    expect(await deviceRow(fresh)).toEqual({ status: 'online', lastUpdate: T0 + HOUR + 1000, positionId: first!.positionId });
    expect(await db().selectFrom('device_latest').select('deviceId').where('deviceId', '=', deleted).execute()).toEqual([]);
  });

  it('takes an older fix as latest when a deleted time range held the latest position, and not when it did not', async () => {
    const [cleared, kept] = [await newDevice(), await newDevice()];
    await writer.write([record(cleared, T0), record(kept, T0)]);
    await server.ctx.repos.positions.deleteRange(cleared, T0 - 1000, T0 + 1000);
    await server.ctx.repos.positions.deleteRange(kept, T0 - 3 * HOUR, T0 - 1000);
    const [older, refused] = await writer.write([record(cleared, T0 - 2 * HOUR), record(kept, T0 - 2 * HOUR)]);
    expect(older!.latestId).toBe(older!.positionId);
    expect(refused!.latestId).not.toBe(refused!.positionId);
  });

  it('marks a device of a filtered message online and stores its events, with no position', async () => {
    const device = await newDevice();
    const [stored] = await writer.write([record(device, T0)]);
    const [filtered] = await writer.write([record(device, T0 + HOUR, { filtered: true, events: ['deviceOnline'], received: T0 + 2 * HOUR })]);

    expect(filtered).toMatchObject({ positionId: 0, latestId: stored!.positionId, events: [{ type: 'deviceOnline', positionId: 0 }] });
    expect(await storedEvents(device)).toEqual([{ id: filtered!.events[0]!.id, type: 'deviceOnline', positionId: null }]);
    expect(await positionCount(device)).toBe(1);
    expect(await deviceRow(device)).toEqual({ status: 'online', lastUpdate: T0 + 2 * HOUR, positionId: stored!.positionId });
  });

  it('writes nothing of a batch with a bad record, so its good records can be retried alone', async () => {
    const [good, bad] = [await newDevice(), await newDevice()];
    const broken = record(bad, T0);
    broken.position!.row.deviceTime = null;
    const fine = record(good, T0, { events: ['deviceMoving'] });

    await expect(writer.write([fine, broken])).rejects.toThrow();
    expect(await positionCount(good)).toBe(0);
    expect(await storedEvents(good)).toEqual([]);
    expect((await deviceRow(good)).status).not.toBe('online');

    const [alone] = await writer.write([fine]);
    expect(fine.completions).toBe(2);
    expect(alone!.latestId).toBe(alone!.positionId);
    expect(await storedEvents(good)).toEqual([{ id: alone!.events[0]!.id, type: 'deviceMoving', positionId: alone!.positionId }]);
  });

  // PostgreSQL keeps NaN and Infinity in double columns; SQLite has no such values
  if (database.name === 'postgres') {
    it('stores numbers JSON cannot carry, as the driver always did', async () => {
      const device = await newDevice();
      const item = record(device, T0);
      Object.assign(item.position!.row, { speed: Number.NaN, course: Number.POSITIVE_INFINITY });
      const [outcome] = await writer.write([item]);
      const [stored] = await server.ctx.repos.positions.findByIds([outcome!.positionId]);
      expect(stored).toMatchObject({ speed: Number.NaN, course: Number.POSITIVE_INFINITY });
    });

    it('stores text as the driver would: characters beyond the first plane kept, a lone surrogate as U+FFFD', async () => {
      const device = await newDevice();
      const item = record(device, T0);
      Object.assign(item.position!.row, { address: 'Ringstraße 1 🚚 \ud800', altitude: -12.5, fixTime: Date.UTC(2090, 0, 1) });
      const [outcome] = await writer.write([item]);
      const [stored] = await server.ctx.repos.positions.findByIds([outcome!.positionId]);
      expect(stored).toMatchObject({ address: 'Ringstraße 1 🚚 \ufffd', altitude: -12.5 });
      expect(Date.parse(stored!.fixTime!)).toBe(Date.UTC(2090, 0, 1));
    });

    it('refuses a batch with a value of the wrong type, naming its column, and writes none of it', async () => {
      const device = await newDevice();
      const item = record(device, T0);
      Object.assign(item.position!.row, { latitude: 'north' });
      await expect(writer.write([item])).rejects.toThrow(/positions\.latitude/);
      expect(await positionCount(device)).toBe(0);
    });
  }

  // API transactions share SQLite's one write lock with the writer thread's connection
  if (database.name === 'sqlite file') {
    it('runs API transactions that read, wait and then write beside the batches of the writer thread', async () => {
      const fleet = await Promise.all(Array.from({ length: 40 }, newDevice));
      const batches = Array.from({ length: 30 }, (_, round) => writer.write(fleet.map((device) => record(device, T0 + round * 1000))));
      const edits = fleet.slice(0, 10).map((deviceId) =>
        db().transaction().execute(async (trx) => {
          const { name } = await trx.selectFrom('devices').select('name').where('id', '=', deviceId).executeTakeFirstOrThrow();
          await new Promise((resolve) => setTimeout(resolve, 5));
          const positionId = await server.ctx.repos.positions.insert(codecs.position.fromRow({ ...codecs.position.toRow(positionOf(deviceId, T0 - HOUR)), id: 0 }), trx);
          await trx.updateTable('devices').set({ name: `${name} (edited)` }).where('id', '=', deviceId).execute();
          return positionId;
        }),
      );
      const [written, edited] = await Promise.all([Promise.all(batches), Promise.all(edits)]);

      const ids = [...written.flat().map((outcome) => outcome.positionId), ...edited];
      expect(new Set(ids).size).toBe(30 * 40 + 10);
      const stored = await db().selectFrom('positions').select('id').where('deviceId', 'in', fleet).execute();
      expect(stored).toHaveLength(30 * 40 + 10);
      const names = await db().selectFrom('devices').select('name').where('id', 'in', fleet.slice(0, 10)).execute();
      expect(names.every(({ name }) => name.endsWith('(edited)'))).toBe(true);
    });
  }

  it('gives every position its own id in batches larger than usual, beside positions stored by the API', async () => {
    const fleet = await Promise.all(Array.from({ length: 300 }, newDevice));
    const first = await writer.write(fleet.map((device) => record(device, T0)));
    const corrected = await server.ctx.repos.positions.insert(codecs.position.fromRow({ ...codecs.position.toRow(positionOf(fleet[0]!, T0)), id: 0 }));
    const second = await writer.write(fleet.map((device) => record(device, T0 + HOUR, { events: ['deviceMoving'] })));

    const ids = [...first, ...second].map((outcome) => outcome.positionId);
    expect(new Set([...ids, corrected]).size).toBe(601);
    expect(second.every((outcome) => outcome.latestId === outcome.positionId)).toBe(true);
    expect(new Set(second.flatMap((outcome) => outcome.events.map((event) => event.id))).size).toBe(300);
    const stored = await db().selectFrom('positions').select('id').where('deviceId', 'in', fleet).execute();
    expect(stored).toHaveLength(601);
  });
});

describe('the SQLite writer thread', () => {
  it('commits the batches already sent when the database closes, with the device rows it held back, and refuses later ones', async () => {
    const server = await startTestServer(sqliteFileDatabase());
    try {
      const { storage, repos } = server.ctx;
      const writer = createIngestWriter(storage);
      // batches as large as a busy server's, whose device rows the thread holds back
      const devices = await Promise.all(Array.from({ length: HOLD_FROM_MESSAGES }, (_, index) => repos.devices.insert({ name: `Closing ${index}`, uniqueId: `closing-${index}` })));
      const recordAt = (deviceId: number, fixTime: number): IngestRecord => ({ deviceId, received: fixTime, position: { row: codecs.position.toRow(positionOf(deviceId, fixTime)), fixTime }, complete: () => ({ events: [] }) });

      const sent = Array.from({ length: 5 }, (_, index) => writer.write(devices.map((deviceId) => recordAt(deviceId, T0 + index * 1000))));
      await storage.ingestThread!.close();
      const stored = (await Promise.all(sent)).map((outcomes) => outcomes.map((outcome) => outcome.positionId));

      const [first] = devices;
      expect((await storage.db.selectFrom('positions').select('id').where('deviceId', '=', first!).orderBy('id').execute()).map(({ id }) => id)).toEqual(stored.map((batch) => batch[0]));
      const latest = await storage.db.selectFrom('devices_with_latest').select(['id', 'status', 'lastUpdate', 'positionId']).where('id', 'in', devices).orderBy('id').execute();
      expect(latest).toEqual(devices.map((id, index) => ({ id, status: 'online', lastUpdate: T0 + 4000, positionId: stored[4]![index] })));
      await expect(writer.write([recordAt(first!, T0 + HOUR)])).rejects.toThrow('The database is closed');
    } finally {
      await server.close();
    }
  });
});
