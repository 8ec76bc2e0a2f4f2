import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '@tracklane/domain';
import type { RaisedEvent } from '../../src/processing/events/event-service.js';
import { openLiveSocket } from '../helpers/live-socket.js';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

/** A live socket that can wait for a number of events it keeps. */
const openSocket = async (url: string, cookie: string) => {
  const { socket, messages } = await openLiveSocket(url, cookie);
  const events = () => messages.flatMap((message) => (message.events ?? []) as Event[]);
  const waitForEvents = async (count: number, keep: (event: Event) => boolean, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs;
    while (events().filter(keep).length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return events().filter(keep);
  };
  return { socket, events, waitForEvents };
};

const BERLIN = { lat: 52.52, lon: 13.405 };
const MOTION = ['deviceMoving', 'deviceStopped'];
const notMotion = (event: Event) => !MOTION.includes(event.type);

describe.each(testDatabases())('geofence events from OsmAnd positions on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let other: Client;
  let socketUrl: string;
  let deviceId: number;
  let geofenceId: number;
  const raised: RaisedEvent[] = [];
  let clock = Math.floor(Date.now() / 1000) - 3600;

  /** One Traccar Client report, a minute after the previous one. */
  const report = async (lat: number, lon: number, extra = '') => {
    clock += 60;
    const response = await server.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=fence-1&lat=${lat}&lon=${lon}&timestamp=${clock}&speed=10${extra}`,
    });
    expect(response.statusCode).toBe(200);
  };

  /** Stored events in the order raised; motion events (the van drives 1.4 km) are left out. */
  const storedEvents = async () => {
    const rows = await server.ctx.storage.db.selectFrom('events').select(['id']).where('deviceId', '=', deviceId).where('type', 'not in', MOTION).orderBy('id').execute();
    return Promise.all(rows.map(async (row) => (await admin.get(`/api/events/${row.id}`)).json() as Event));
  };

  beforeAll(async () => {
    server = await startTestServer(database, { EVENT_STATUS_ENABLE: 'true' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    socketUrl = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/socket`;
    server.ctx.events.onEvent((event) => void raised.push(event));
    admin = await bootstrapAdmin(server.app);
    other = await createUser(admin, server.app, { email: 'other@example.com' });
    deviceId = (await admin.post('/api/devices', { name: 'Van', uniqueId: 'fence-1' })).json().id;
    geofenceId = (await admin.post('/api/geofences', { name: 'Depot', area: `CIRCLE (${BERLIN.lat} ${BERLIN.lon}, 200)` })).json().id;
    expect((await admin.post('/api/permissions', { deviceId, geofenceId })).statusCode).toBe(204);
  });
  afterAll(() => server.close());

  it('stores geofenceEnter and geofenceExit with their positions, pushes them to the owner’s socket only, and tells listeners', async () => {
    const own = await openSocket(socketUrl, admin.cookie);
    const foreign = await openSocket(socketUrl, other.cookie);

    await report(BERLIN.lat, BERLIN.lon + 0.02);
    await report(BERLIN.lat, BERLIN.lon + 0.001);
    await report(BERLIN.lat, BERLIN.lon);
    await report(BERLIN.lat, BERLIN.lon + 0.02);

    const stored = await storedEvents();
    expect(stored.map((event) => [event.type, event.geofenceId])).toEqual([
      ['deviceOnline', 0],
      ['geofenceEnter', geofenceId],
      ['geofenceExit', geofenceId],
    ]);
    const positions = (await admin.get(`/api/positions?deviceId=${deviceId}&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`)).json() as { id: number; fixTime: string; geofenceIds: number[] | null }[];
    expect(positions.map((position) => position.geofenceIds)).toEqual([null, [geofenceId], [geofenceId], null]);
    const enter = stored[1]!;
    expect(enter.positionId).toBe(positions[1]!.id);
    expect(enter.eventTime).toBe(positions[1]!.fixTime);

    const live = await own.waitForEvents(3, notMotion);
    expect(live.map((event) => event.type)).toEqual(['deviceOnline', 'geofenceEnter', 'geofenceExit']);
    expect(live[1]).toEqual(enter);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(foreign.events()).toEqual([]);
    expect(raised.map((item) => item.event).filter(notMotion).map((event) => event.type)).toEqual(['deviceOnline', 'geofenceEnter', 'geofenceExit']);
    expect(raised.find((item) => item.event.type === 'geofenceEnter')).toMatchObject({ device: { id: deviceId }, position: { id: positions[1]!.id } });
    own.socket.close();
    foreign.socket.close();
  });

  it('acknowledges a filtered report without storing it or raising anything', async () => {
    const before = (await storedEvents()).length;
    const response = await server.app.inject({
      method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=fence-1&lat=${BERLIN.lat}&lon=${BERLIN.lon}&timestamp=${Math.floor(Date.now() / 1000) + 3 * 86400}`,
    });
    expect(response.statusCode).toBe(200);
    const positions = (await admin.get(`/api/positions?deviceId=${deviceId}&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`)).json();
    expect(positions).toHaveLength(4);
    expect(await storedEvents()).toHaveLength(before);
  });

  it('sees a moved geofence at once: the next report inside the new area enters it', async () => {
    const moved = `CIRCLE (${BERLIN.lat} ${BERLIN.lon + 0.02}, 200)`;
    expect((await admin.put(`/api/geofences/${geofenceId}`, { id: geofenceId, name: 'Depot', area: moved })).statusCode).toBe(200);
    await report(BERLIN.lat, BERLIN.lon + 0.0201);
    const stored = await storedEvents();
    expect(stored.at(-1)).toMatchObject({ type: 'geofenceEnter', geofenceId });
  });

  it('raises deviceUnknown when the status sweep finds the device silent', async () => {
    const { createDeviceStatusTask } = await import('../../src/tasks/device-status.task.js');
    const task = createDeviceStatusTask(server.ctx.repos, server.ctx.broadcaster, 600, () => Date.now() + 11 * 60_000, { ...server.ctx.processing, processingConfig: server.ctx.config.processing });
    expect(await task.sweep()).toBe(1);
    expect((await storedEvents()).at(-1)).toMatchObject({ type: 'deviceUnknown', positionId: 0 });
    await task.markOffline(deviceId);
    expect((await storedEvents()).at(-1)).toMatchObject({ type: 'deviceOffline', positionId: 0 });
  });
});
