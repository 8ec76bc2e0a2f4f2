import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, Event, Position } from '@tracklane/domain';
import { openLiveSocket, osmandReport, sessionOn, signIn, type HttpSession, type LiveMessages, type LiveSocket } from '../helpers/live-client.js';
import { createScaleDatabase, type ScaleDatabase } from '../helpers/scale-database.js';
import { ADMIN, instancePorts, startServer, type ServerProcess } from '../helpers/server-process.js';
import { BUILD_AND_START_MS, ensureServerBuilt } from '../helpers/server-build.js';
import { connectTracker } from '../helpers/tracker-client.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DEPOT = { lat: 52.52, lon: 13.405 };
const DEPOT_AREA = `CIRCLE (${DEPOT.lat} ${DEPOT.lon}, 300)`;
const ELSEWHERE_AREA = 'CIRCLE (48.8566 2.3522, 300)';
const UNIQUE_ID = 'scale-van';
const MARKER_ID = 'scale-marker';
const USER_PASSWORD = 'user-password';

const positionAt = (fixTime: number, deviceId: number) => (received: LiveMessages): Position | undefined =>
  received.positions.find((p) => p.deviceId === deviceId && Date.parse(p.fixTime ?? '') === fixTime);

const eventOf = (type: string, positionId: number) => (received: LiveMessages): Event | undefined =>
  received.events.find((e) => e.type === type && e.positionId === positionId);

/**
 * Two server processes on one database, joined by Redis, as a scaled-out deployment runs them:
 * trackers, browsers and edits land on either instance. vitest.config.ts runs this file only when
 * TEST_REDIS_URL and TEST_DATABASE_URL name servers (CI): instances share a PostgreSQL database,
 * since a SQLite file serves one.
 */
describe('two instances sharing the database and Redis', () => {
  let database: ScaleDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let adminOnA: HttpSession;
  let device: Device;
  let marker: Device;
  let geofenceId: number;
  const sockets: LiveSocket[] = [];
  let clock = Math.floor(Date.now() / 1000) - 86_400;

  /** A report of the van (or another device) to an instance's OsmAnd port, a minute after the last; returns its fix time. */
  const report = async (instance: ServerProcess, uniqueId = UNIQUE_ID): Promise<number> => {
    clock += 60;
    expect(await osmandReport(instance.ports.osmand, { id: uniqueId, lat: DEPOT.lat, lon: DEPOT.lon, timestamp: clock, speed: 5 })).toBe(200);
    return clock * 1000;
  };

  /**
   * Waits until B has heard what A published so far: A announces an edit on Redis before it
   * announces a later position, and B applies both in that order. Without this the test would
   * race the edit's announcement against its own next HTTP request to B.
   */
  const heardOnB = async (socketOnB: LiveSocket) => socketOnB.waitFor(positionAt(await report(a, MARKER_ID), marker.id));

  const socketOn = async (instance: ServerProcess, cookie: string) => {
    const socket = await openLiveSocket(instance.baseUrl, cookie);
    sockets.push(socket);
    return socket;
  };

  const createUser = async (email: string): Promise<number> => {
    const user = await adminOnA.json<{ id: number }>('POST', '/api/users', { name: email.split('@')[0], email, password: USER_PASSWORD });
    await adminOnA.json('POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    return user.id;
  };

  /**
   * Other suites publish on the same Redis channel at the same time; ids far from theirs keep
   * their positions off this suite's sockets and ours off theirs.
   */
  const moveDeviceIdsAway = async () => {
    const start = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    if (database.name === 'postgres') await database.query(`select setval(pg_get_serial_sequence('devices', 'id'), ${start})`);
    else {
      await database.query(`delete from sqlite_sequence where name = 'devices'`);
      await database.query(`insert into sqlite_sequence (name, seq) values ('devices', ${start})`);
    }
  };

  beforeAll(async () => {
    await ensureServerBuilt();
    database = await createScaleDatabase('postgres');
    a = await startServer({ databaseUrl: database.url, ports: await instancePorts(), redisUrl });
    b = await startServer({ databaseUrl: database.url, ports: await instancePorts(), redisUrl });
    await moveDeviceIdsAway();
    adminOnA = await signIn(a.baseUrl, ADMIN.email, ADMIN.password);
    device = await adminOnA.json<Device>('POST', '/api/devices', { name: 'Van', uniqueId: UNIQUE_ID });
    marker = await adminOnA.json<Device>('POST', '/api/devices', { name: 'Marker', uniqueId: MARKER_ID });
    geofenceId = (await adminOnA.json<{ id: number }>('POST', '/api/geofences', { name: 'Depot', area: ELSEWHERE_AREA })).id;
    await adminOnA.json('POST', '/api/permissions', { deviceId: device.id, geofenceId });
  }, BUILD_AND_START_MS);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([a, b].map((instance) => instance?.stop()));
    await database?.drop();
  });

  it('keeps a session signed in on A valid on B, and a logout on B ends it on A', async () => {
    const user = await signIn(a.baseUrl, ADMIN.email, ADMIN.password);
    const onB = sessionOn(b.baseUrl, user.cookie, user.user);
    expect(await onB.json('GET', '/api/session')).toMatchObject({ id: user.user.id, email: ADMIN.email });
    expect((await onB.call('DELETE', '/api/session')).status).toBe(204);
    expect((await user.call('GET', '/api/session')).status).toBe(404);
  });

  it('delivers position, device status and a geofence event from a tracker on A to a browser on B within 1 s', async () => {
    await adminOnA.json('PUT', `/api/geofences/${geofenceId}`, { id: geofenceId, name: 'Depot', area: DEPOT_AREA });
    const socket = await socketOn(b, adminOnA.cookie);

    const sentAt = performance.now();
    const fixTime = await report(a);
    const position = await socket.waitFor(positionAt(fixTime, device.id), 1000);
    await socket.waitFor((received) => received.devices.find((d) => d.id === device.id && d.status === 'online'), 1000);
    const enter = await socket.waitFor(eventOf('geofenceEnter', position.id), 1000);
    expect(performance.now() - sentAt).toBeLessThan(1000);
    expect(enter).toMatchObject({ deviceId: device.id, geofenceId });
    expect(position).toMatchObject({ latitude: DEPOT.lat, longitude: DEPOT.lon, geofenceIds: [geofenceId] });
  });

  it('names the device as renamed on A in the next device message of a report to B', async () => {
    const socket = await socketOn(b, adminOnA.cookie);
    await socket.waitFor(positionAt(await report(b), device.id));

    const current = await adminOnA.json<Device>('GET', `/api/devices/${device.id}`);
    await adminOnA.json('PUT', `/api/devices/${device.id}`, { ...current, name: 'Renamed van' });
    await heardOnB(socket);
    const seen = socket.received.devices.length;
    const position = await socket.waitFor(positionAt(await report(b), device.id));
    const next = await socket.waitFor((received) => received.devices.slice(seen).find((d) => d.id === device.id));
    expect(next).toMatchObject({ name: 'Renamed van', status: 'online', positionId: position.id });
  });

  it('decides geofence exit and enter on B by the geofence as moved on A', async () => {
    const socket = await socketOn(b, adminOnA.cookie);
    await adminOnA.json('PUT', `/api/geofences/${geofenceId}`, { id: geofenceId, name: 'Depot', area: DEPOT_AREA });
    await heardOnB(socket);
    await socket.waitFor(positionAt(await report(b), device.id));

    await adminOnA.json('PUT', `/api/geofences/${geofenceId}`, { id: geofenceId, name: 'Depot', area: ELSEWHERE_AREA });
    await heardOnB(socket);
    const outside = await socket.waitFor(positionAt(await report(b), device.id));
    expect(await socket.waitFor(eventOf('geofenceExit', outside.id))).toMatchObject({ geofenceId });
    expect(outside.geofenceIds ?? []).toEqual([]);

    await adminOnA.json('PUT', `/api/geofences/${geofenceId}`, { id: geofenceId, name: 'Depot', area: DEPOT_AREA });
    await heardOnB(socket);
    const inside = await socket.waitFor(positionAt(await report(b), device.id));
    expect(await socket.waitFor(eventOf('geofenceEnter', inside.id))).toMatchObject({ geofenceId });
    expect(inside.geofenceIds).toEqual([geofenceId]);
  });

  it('stops a revoked user’s socket on B at the next position, while a user still linked keeps receiving', async () => {
    const revokedId = await createUser('revoked@example.com');
    await createUser('kept@example.com');
    const revoked = await socketOn(b, (await signIn(b.baseUrl, 'revoked@example.com', USER_PASSWORD)).cookie);
    const kept = await socketOn(b, (await signIn(b.baseUrl, 'kept@example.com', USER_PASSWORD)).cookie);
    const before = await report(a);
    await Promise.all([revoked, kept].map((socket) => socket.waitFor(positionAt(before, device.id))));

    const deviceMessages = () => revoked.received.devices.filter((d) => d.id === device.id).length;
    const deviceMessagesBefore = deviceMessages();
    await adminOnA.json('DELETE', '/api/permissions', { userId: revokedId, deviceId: device.id });
    const after = await report(a);
    await kept.waitFor(positionAt(after, device.id));
    // the kept user's copy arrived; the revoked one's would have come in the same batch
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(positionAt(after, device.id)(revoked.received)).toBeUndefined();
    expect(deviceMessages()).toBe(deviceMessagesBefore);
  });

  it('sends a command asked of A through the GT06 connection the tracker holds on B, at once', async () => {
    const imei = '864717003283581';
    const tracker = await adminOnA.json<Device>('POST', '/api/devices', { name: 'Truck', uniqueId: imei });
    const connection = await connectTracker(b.ports.gt06);
    // a captured login of that IMEI and a location (shared/reference/vectors/gt06.json), each answered once handled
    connection.send(Buffer.from('78780d01086471700328358100093f040d0a', 'hex'));
    expect((await connection.read(10)).length).toBe(10);
    connection.send(Buffer.from('78781f120b081d112e10cc027ac7eb0c46584900148f01cc00287d001fb8000380810d0a', 'hex'));
    expect((await connection.read(10)).length).toBe(10);

    const response = await adminOnA.call('POST', '/api/commands/send', { type: 'engineStop', deviceId: tracker.id });
    // A holds no connection of it: B, which does, writes it and tells A, so it was sent, not queued
    expect(response.status).toBe(200);
    // Traccar's GT06 encoder test: engine stop is a 0x80 packet carrying `Relay,1#`
    expect((await connection.read(23)).toString('hex')).toBe('787812800c0000000052656c61792c312300009dee0d0a');
    // a command not to be queued reaches it through B too (Traccar would refuse it on A)
    const noQueue = await adminOnA.call('POST', '/api/commands/send', { type: 'custom', deviceId: tracker.id, attributes: { data: 'WHERE#', noQueue: true } });
    expect(noQueue.status).toBe(200);
    expect((await connection.read(21)).toString('latin1')).toContain('WHERE#');

    connection.close();
    await expect.poll(async () => (await adminOnA.json<Device[]>('GET', `/api/devices?id=${tracker.id}`))[0]?.status, { timeout: 5000 }).toBe('offline');
    const refused = await adminOnA.call('POST', '/api/commands/send', { type: 'custom', deviceId: tracker.id, attributes: { data: 'WHERE#', noQueue: true } });
    expect(refused.status).toBe(400);
  });
});

