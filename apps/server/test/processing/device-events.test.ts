import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '@tracklane/domain';
import { createPositionIngest } from '../../src/processing/position-ingest.js';
import { createProcessingEngine } from '../../src/processing/processing-engine.js';
import { createDeviceStatusTask } from '../../src/tasks/device-status.task.js';
import type { DecodedPosition } from '../../src/protocols/decoded-position.js';
import { createIngestWriter } from '../../src/storage/ingest-writer.js';
import { bootstrapAdmin, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const START = Date.UTC(2025, 0, 1, 8);

describe.each(testDatabases())('device events on $name', (database) => {
  let server: TestServer;
  let admin: Client;

  const eventsOf = async (deviceId: number): Promise<Event[]> => {
    const rows = await server.ctx.storage.db.selectFrom('events').select('id').where('deviceId', '=', deviceId).orderBy('id').execute();
    return Promise.all(rows.map(async (row) => (await admin.get(`/api/events/${row.id}`)).json() as Event));
  };

  const decoded = (uniqueId: string, minutes: number, fields: Partial<DecodedPosition> = {}): DecodedPosition => ({
    uniqueId, protocol: 'osmand', deviceTime: START + minutes * 60_000, fixTime: START + minutes * 60_000, valid: true, hasLocation: true,
    latitude: 48.85, longitude: 2.35 + minutes * 0.001, altitude: 0, speed: 0, course: 0, accuracy: 0, network: null, attributes: {}, ...fields,
  });

  /** A fresh engine over the same database: what a restarted server would have. */
  const restartedIngest = () => {
    const { ctx } = server;
    const engine = createProcessingEngine({ processingConfig: ctx.config.processing, log: ctx.log, storage: ctx.storage, repos: ctx.repos, broadcaster: ctx.broadcaster, policy: ctx.policy, now: ctx.now });
    return createPositionIngest(createIngestWriter(ctx.storage), ctx.repos, ctx.broadcaster, engine, ctx.now);
  };

  beforeAll(async () => {
    server = await startTestServer(database, { EVENT_OVERSPEED_MINIMAL_DURATION: '120' });
    admin = await bootstrapAdmin(server.app);
  });
  afterAll(() => server.close());

  it('keeps an overspeed episode and the running total distance across a restart', async () => {
    const device = (await admin.post('/api/devices', { name: 'Racer', uniqueId: 'racer-1', attributes: { speedLimit: 20 } })).json();
    await server.ctx.ingest.ingest(decoded('racer-1', 0, { speed: 30 }));
    const second = await server.ctx.ingest.ingest(decoded('racer-1', 1, { speed: 30 }));
    expect(second).toMatchObject({ status: 'stored', events: [] });
    const before = second.status === 'stored' ? Number(second.position.attributes.totalDistance) : 0;

    const third = await restartedIngest().ingest(decoded('racer-1', 2, { speed: 30 }));
    expect(third.status).toBe('stored');
    if (third.status !== 'stored') return;
    expect(third.events.map((event) => event.type)).toEqual(['deviceOverspeed']);
    expect(third.events[0]).toMatchObject({ positionId: third.position.id, attributes: { speed: 30, speedLimit: 20 } });
    expect(Number(third.position.attributes.totalDistance)).toBeCloseTo(before + Number(third.position.attributes.distance), 6);
    expect((await eventsOf(device.id)).map((event) => event.type)).toEqual(['deviceOverspeed']);
  });

  it('stores a burst of one device\'s positions in arrival order, beside other devices\' positions in the same batches', async () => {
    const devices = await Promise.all(['burst-1', 'burst-2'].map(async (uniqueId) => (await admin.post('/api/devices', { name: uniqueId, uniqueId })).json()));
    const results = await Promise.all(Array.from({ length: 40 }, (_, minute) => server.ctx.ingest.ingest(decoded(minute % 2 === 0 ? 'burst-1' : 'burst-2', minute, { speed: 10 }))));
    expect(results.every((result) => result.status === 'stored')).toBe(true);
    for (const device of devices) {
      const rows = await server.ctx.storage.db.selectFrom('positions').select(['id', 'fixTime']).where('deviceId', '=', device.id).orderBy('id').execute();
      expect(rows).toHaveLength(20);
      const times = rows.map((row) => Number(row.fixTime));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const latest = (await admin.get(`/api/devices/${device.id}`)).json();
      expect(latest.positionId).toBe(Number(rows.at(-1)!.id));
      // each position's distance is measured from the one stored before it
      const last = (await admin.get(`/api/positions?id=${latest.positionId}`)).json()[0];
      expect(last.attributes.distance).toBeGreaterThan(0);
      expect(last.attributes.distance).toBeLessThan(200);
    }
  });

  it('stores every position when more arrive at once than the ingest admits, each device\'s in order', async () => {
    const fleet = 1500;
    const ids = [];
    for (let n = 0; n < fleet; n++) ids.push(await server.ctx.repos.devices.insert({ name: `Crowd ${n}`, uniqueId: `crowd-${n}` }));
    // two positions per device, all at once: six times the 512 positions the ingest admits together
    const results = await Promise.all(Array.from({ length: 2 * fleet }, (_, index) => server.ctx.ingest.ingest(decoded(`crowd-${index % fleet}`, Math.floor(index / fleet), { speed: 10 }))));
    expect(results.filter((result) => result.status === 'stored')).toHaveLength(2 * fleet);
    const rows = await server.ctx.storage.db.selectFrom('positions').select(['id', 'deviceId', 'fixTime']).where('deviceId', 'in', ids).orderBy('id').execute();
    expect(rows).toHaveLength(2 * fleet);
    const latest = await server.ctx.storage.db.selectFrom('devices_with_latest').select(['id', 'positionId']).where('id', 'in', ids).execute();
    const byDevice = new Map<number, typeof rows>();
    for (const row of rows) byDevice.set(Number(row.deviceId), [...(byDevice.get(Number(row.deviceId)) ?? []), row]);
    for (const device of latest) {
      const stored = byDevice.get(Number(device.id))!;
      expect(stored.map((row) => Number(row.fixTime))).toEqual([START, START + 60_000]);
      expect(Number(device.positionId)).toBe(Number(stored[1]!.id));
    }
  });

  it('reports every message and its outcome to the observers, and a failed commit frees its device for the next position', async () => {
    const { ctx } = server;
    const device = (await admin.post('/api/devices', { name: 'Flaky', uniqueId: 'flaky-1' })).json();
    const writer = createIngestWriter(ctx.storage);
    // the batch fails, and so does the retry of its one position
    let failures = 0;
    const flakyWriter = { ...writer, write: (records: Parameters<typeof writer.write>[0]) => (failures > 0 ? (failures--, Promise.reject(new Error('disk full'))) : writer.write(records)) };
    const engine = createProcessingEngine({ processingConfig: ctx.config.processing, log: ctx.log, storage: ctx.storage, repos: ctx.repos, broadcaster: ctx.broadcaster, policy: ctx.policy, now: ctx.now });
    const heard: string[] = [];
    const ingest = createPositionIngest(flakyWriter, ctx.repos, ctx.broadcaster, engine, ctx.now, [{
      received: (message) => heard.push(`received ${message.uniqueId}`),
      settled: (message, result, error) => heard.push(`settled ${message.uniqueId} ${result?.status ?? (error as Error).message}`),
    }]);

    failures = 2;
    const failing = ingest.ingest(decoded('flaky-1', 0));
    // queued behind the failing one: it must still be stored once the first has failed
    const next = ingest.ingest(decoded('flaky-1', 1));
    await expect(failing).rejects.toThrow('disk full');
    expect(await next).toMatchObject({ status: 'stored' });
    expect(await ingest.ingest(decoded('nobody-knows-me', 2))).toEqual({ status: 'unknown-device', uniqueId: 'nobody-knows-me' });

    expect(heard).toEqual(['received flaky-1', 'received flaky-1', 'settled flaky-1 disk full', 'settled flaky-1 stored', 'received nobody-knows-me', 'settled nobody-knows-me unknown-device']);
    const rows = await ctx.storage.db.selectFrom('positions').select('fixTime').where('deviceId', '=', device.id).execute();
    expect(rows.map((row) => Number(row.fixTime))).toEqual([START + 60_000]);
  });

  it('fails a message whose observer fails, unacknowledged, and goes on with the device\'s next one', async () => {
    const { ctx } = server;
    await admin.post('/api/devices', { name: 'Watched', uniqueId: 'watched-1' });
    const engine = createProcessingEngine({ processingConfig: ctx.config.processing, log: ctx.log, storage: ctx.storage, repos: ctx.repos, broadcaster: ctx.broadcaster, policy: ctx.policy, now: ctx.now });
    let observerFails = true;
    const ingest = createPositionIngest(createIngestWriter(ctx.storage), ctx.repos, ctx.broadcaster, engine, ctx.now, [{
      settled: () => {
        if (observerFails) {
          observerFails = false;
          throw new Error('observer broke');
        }
      },
    }]);

    const first = ingest.ingest(decoded('watched-1', 0));
    const second = ingest.ingest(decoded('watched-1', 1));
    await expect(first).rejects.toThrow('observer broke');
    expect(await second).toMatchObject({ status: 'stored' });
  });

  it('raises deviceInactive after deviceInactivityStart of silence, with lastUpdate', async () => {
    const device = (await admin.post('/api/devices', { name: 'Sleepy', uniqueId: 'sleepy-1', attributes: { deviceInactivityStart: 3_600_000 } })).json();
    await server.ctx.ingest.ingest(decoded('sleepy-1', 0));
    const lastUpdate = Date.parse((await admin.get(`/api/devices/${device.id}`)).json().lastUpdate);
    let clock = lastUpdate + 30 * 60_000;
    const task = createDeviceStatusTask(server.ctx.repos, server.ctx.broadcaster, 600, () => clock, { ...server.ctx.processing, processingConfig: server.ctx.config.processing });
    await task.checkInactivity();
    expect(await eventsOf(device.id)).toEqual([]);
    clock = lastUpdate + 65 * 60_000;
    await task.checkInactivity();
    clock += 15 * 60_000;
    await task.checkInactivity();
    const events = await eventsOf(device.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'deviceInactive', positionId: 0, attributes: { lastUpdate } });
  });

  it('raises textMessage on the device whose phone number sent it', async () => {
    const device = (await admin.post('/api/devices', { name: 'Chatty', uniqueId: 'chatty-1', phone: '+33 1 23 45 67' })).json();
    const raised = await server.ctx.events.raiseTextMessage('+331234567', 'Door open');
    expect(raised).toHaveLength(1);
    expect(await eventsOf(device.id)).toEqual([expect.objectContaining({ type: 'textMessage', attributes: { message: 'Door open' } })]);
  });
});
