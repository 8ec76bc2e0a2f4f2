import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOsmAndHandler } from '../../src/protocols/osmand/osmand.handler.js';
import { startOsmAndListener } from '../../src/protocols/osmand/osmand.listener.js';
import { openLiveSocket } from '../helpers/live-socket.js';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const openSocket = openLiveSocket;

describe.each(testDatabases())('OsmAnd ingest to REST and socket on $name', (database) => {
  let server: TestServer;
  let osmand: http.Server;
  let admin: Client;
  let other: Client;
  let osmandUrl: string;
  let socketUrl: string;
  let deviceId: number;

  beforeAll(async () => {
    server = await startTestServer(database);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    socketUrl = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/socket`;
    osmand = await startOsmAndListener(createOsmAndHandler(server.ctx.ingest, server.ctx.deviceResolver, server.ctx.log), 0, '127.0.0.1', server.ctx.log);
    osmandUrl = `http://127.0.0.1:${(osmand.address() as AddressInfo).port}`;
    admin = await bootstrapAdmin(server.app);
    other = await createUser(admin, server.app, { email: 'other@example.com' });
    deviceId = (await admin.post('/api/devices', { name: 'Phone', uniqueId: '48241179' })).json().id;
  });
  afterAll(async () => {
    await new Promise((resolve) => osmand.close(resolve));
    await server.close();
  });

  it('refuses the socket handshake without a session', async () => {
    const socket = new WebSocket(socketUrl);
    const status = await new Promise<number | undefined>((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.once('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });

  it('stores a query-string report, answers 200, and shows it through REST and the owner socket only', async () => {
    const own = await openSocket(socketUrl, admin.cookie);
    const foreign = await openSocket(socketUrl, other.cookie);
    expect(await own.waitFor((m) => 'positions' in m)).toEqual({ positions: [] });
    expect(await foreign.waitFor((m) => 'positions' in m)).toEqual({ positions: [] });

    const response = await fetch(`${osmandUrl}/?id=48241179&lat=52.52&lon=13.405&speed=10&bearing=90&altitude=34&accuracy=5&batt=87&timestamp=1714557600`);
    expect(response.status).toBe(200);

    const live = await own.waitFor((m) => Array.isArray(m.positions) && m.positions.length > 0);
    expect(live?.positions?.[0]).toMatchObject({ deviceId, latitude: 52.52, longitude: 13.405, speed: 10, course: 90, fixTime: '2024-05-01T10:00:00.000+00:00' });
    const status = await own.waitFor((m) => Array.isArray(m.devices));
    expect(status?.devices?.[0]).toMatchObject({ id: deviceId, status: 'online' });

    const positions = (await admin.get('/api/positions')).json();
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({ deviceId, protocol: 'osmand', altitude: 34, accuracy: 5, attributes: { batteryLevel: 87 } });
    const device = (await admin.get(`/api/devices/${deviceId}`)).json();
    expect(device).toMatchObject({ status: 'online', positionId: positions[0].id });
    expect(device.lastUpdate).not.toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(foreign.messages.filter((m) => Array.isArray(m.positions) && m.positions.length > 0)).toEqual([]);
    expect(foreign.messages.filter((m) => 'devices' in m)).toEqual([]);
    expect((await other.get('/api/positions')).json()).toEqual([]);
    expect((await other.get(`/api/positions?deviceId=${deviceId}`)).statusCode).toBe(403);
    own.socket.close();
    foreign.socket.close();
  });

  it('sends the latest positions first when a socket connects', async () => {
    const { socket, waitFor } = await openSocket(socketUrl, admin.cookie);
    const first = await waitFor(() => true);
    expect(first?.positions).toHaveLength(1);
    // written from the stored row, it is the same position the API gives, field for field
    const [latest] = (await admin.get(`/api/positions?deviceId=${deviceId}`)).json();
    expect(first?.positions?.[0]).toEqual(latest);
    expect(latest).toMatchObject({ deviceId });
    socket.close();
  });

  it('accepts the JSON form of the Traccar Client app', async () => {
    const body = { device_id: '48241179', location: { timestamp: '2024-05-01T10:05:00Z', coords: { latitude: 52.53, longitude: 13.41, accuracy: 12, speed: 5, heading: 180, altitude: 40 }, is_moving: true, odometer: 1500, battery: { level: 0.5, is_charging: true } } };
    const response = await fetch(osmandUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    const [latest] = (await admin.get(`/api/positions?deviceId=${deviceId}`)).json();
    expect(latest).toMatchObject({ latitude: 52.53, longitude: 13.41, course: 180, accuracy: 12, attributes: { motion: true, batteryLevel: 50, charge: true } });
    expect(latest.speed).toBeCloseTo(5 * 1.943844, 3);
  });

  it('rejects unknown devices and malformed requests without storing anything', async () => {
    const before = (await admin.get(`/api/positions?deviceId=${deviceId}&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`)).json().length;
    expect((await fetch(`${osmandUrl}/?id=999999&lat=1&lon=2`)).status).toBe(400);
    expect((await fetch(osmandUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ device_id: '999999', location: { coords: { latitude: 1, longitude: 2, accuracy: 1, speed: 0, heading: 0, altitude: 0 } } }) })).status).toBe(404);
    expect((await fetch(`${osmandUrl}/?id=48241179&lat=95&lon=2`)).status).toBe(400);
    expect((await fetch(`${osmandUrl}/?lat=1&lon=2`)).status).toBe(400);
    expect((await fetch(osmandUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' })).status).toBe(400);
    const after = (await admin.get(`/api/positions?deviceId=${deviceId}&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`)).json().length;
    expect(after).toBe(before);
  });

  it('lists unknown identifiers for administrators until a device takes them', async () => {
    const webUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    expect((await fetch(`${webUrl}/?id=unknown-phone-7&lat=1&lon=2`, { method: 'POST' })).status).toBe(400);
    const listed = (await admin.get('/api/devices/unknown')).json<{ uniqueId: string; protocol: string; count: number }[]>();
    expect(listed).toContainEqual(expect.objectContaining({ uniqueId: 'unknown-phone-7', protocol: 'osmand', count: 1, remoteAddress: '127.0.0.1' }));
    expect((await other.get('/api/devices/unknown')).statusCode).toBe(403);
    await admin.post('/api/devices', { name: 'Found phone', uniqueId: 'unknown-phone-7' });
    expect((await admin.get('/api/devices/unknown')).json<{ uniqueId: string }[]>().map((entry) => entry.uniqueId)).not.toContain('unknown-phone-7');
  });

  it('accepts reports posted to the web port root', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'id=48241179&lat=52.54&lon=13.42&timestamp=1714558000' });
    expect(response.statusCode).toBe(200);
    const [latest] = (await admin.get(`/api/positions?deviceId=${deviceId}`)).json();
    expect(latest).toMatchObject({ latitude: 52.54, longitude: 13.42 });
  });
});

describe.each(testDatabases())('OsmAnd with REGISTER_UNKNOWN on $name', (database) => {
  let server: TestServer;
  let osmand: http.Server;
  let admin: Client;
  const report = (query: string) => fetch(`http://127.0.0.1:${(osmand.address() as AddressInfo).port}/?${query}`, { method: 'POST' });

  beforeAll(async () => {
    server = await startTestServer(database, { REGISTER_UNKNOWN: 'true' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    osmand = await startOsmAndListener(createOsmAndHandler(server.ctx.ingest, server.ctx.deviceResolver, server.ctx.log), 0, '127.0.0.1', server.ctx.log);
    admin = await bootstrapAdmin(server.app);
  });
  afterAll(async () => {
    await new Promise((resolve) => osmand.close(resolve));
    await server.close();
  });

  it('registers a phone reporting an unknown identifier and stores its first position', async () => {
    expect((await report('id=new-phone-3&lat=52.5&lon=13.4&timestamp=1714558000')).status).toBe(200);
    const devices = (await admin.get('/api/devices?all=true')).json<{ id: number; name: string; uniqueId: string }[]>();
    expect(devices).toEqual([expect.objectContaining({ name: 'new-phone-3', uniqueId: 'new-phone-3' })]);
    const positions = (await admin.get(`/api/positions?deviceId=${devices[0]!.id}&from=2024-01-01T00:00:00Z&to=2025-01-01T00:00:00Z`)).json();
    expect(positions).toEqual([expect.objectContaining({ latitude: 52.5, longitude: 13.4, fixTime: '2024-05-01T10:06:40.000+00:00' })]);
    expect((await admin.get('/api/devices/unknown')).json()).toEqual([]);
  });

  it('keeps what it knows of the other devices when a phone registers, and a socket follows a device created after it opened', async () => {
    const { catalog } = server.ctx.processing;
    expect(catalog.cachedDevices()).toBe(1);
    expect((await report('id=new-phone-4&lat=52.6&lon=13.5&timestamp=1714558060')).status).toBe(200);
    // the first phone's settings, links and state were not thrown away because another device arrived
    expect(catalog.cachedDevices()).toBe(2);

    const socketUrl = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/socket`;
    const live = await openLiveSocket(socketUrl, admin.cookie);
    await live.waitFor((m) => 'positions' in m);
    const created = (await admin.post('/api/devices', { name: 'Van', uniqueId: 'van-5' })).json<{ id: number }>();
    expect((await report('id=van-5&lat=52.7&lon=13.6&timestamp=1714558120')).status).toBe(200);
    const shown = await live.waitFor((m) => (m.positions as { deviceId: number }[] | undefined)?.some((position) => position.deviceId === created.id) ?? false);
    expect(shown?.positions?.[0]).toMatchObject({ deviceId: created.id, latitude: 52.7, longitude: 13.6 });
    expect(catalog.cachedDevices()).toBe(3);
    live.close();
  });
});
