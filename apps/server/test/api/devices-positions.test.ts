import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases())('devices and positions on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let user: Client;
  let device: { id: number; uniqueId: string };

  const report = (query: string) => server.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: query });

  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
    user = await createUser(admin, server.app, { email: 'driver@example.com' });
    device = (await user.post('/api/devices', { name: 'Truck', uniqueId: ' 860000000000001 ' })).json();
    for (const [minute, lat] of [[0, 52.0], [10, 52.1], [20, 52.2]] as const) {
      expect((await report(`id=860000000000001&lat=${lat}&lon=13&timestamp=2024-05-01T10:${String(minute).padStart(2, '0')}:00Z&speed=20`)).statusCode).toBe(200);
    }
  });
  afterAll(() => server.close());

  it('trims identifiers and refuses duplicates with a clear 400', async () => {
    expect(device.uniqueId).toBe('860000000000001');
    const duplicate = await admin.post('/api/devices', { name: 'Copy', uniqueId: '860000000000001' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toContain('860000000000001');
    expect((await admin.post('/api/devices', { name: 'No id' })).statusCode).toBe(400);
    expect((await admin.post('/api/devices', { uniqueId: 'no-name' })).statusCode).toBe(400);
  });

  it('finds linked devices by ?id and ?uniqueId in parameter order, admins included', async () => {
    const second = (await user.post('/api/devices', { name: 'Van', uniqueId: 'van-1' })).json();
    const found = (await user.get(`/api/devices?uniqueId=van-1&id=${device.id}`)).json() as { id: number }[];
    expect(found.map((d) => d.id)).toEqual([second.id, device.id]);
    expect((await admin.get(`/api/devices?id=${device.id}`)).json()).toEqual([]);
    expect((await user.get('/api/devices?id=999999')).json()).toEqual([]);
  });

  it('enforces the device limit', async () => {
    const limited = await createUser(admin, server.app, { email: 'limited@example.com', deviceLimit: 1 });
    expect((await limited.post('/api/devices', { name: 'One', uniqueId: 'limit-1' })).statusCode).toBe(200);
    expect((await limited.post('/api/devices', { name: 'Two', uniqueId: 'limit-2' })).statusCode).toBe(403);
    const none = await createUser(admin, server.app, { email: 'none@example.com', deviceLimit: 0 });
    expect((await none.post('/api/devices', { name: 'Zero', uniqueId: 'limit-3' })).statusCode).toBe(403);
  });

  it('ignores status, lastUpdate and positionId sent in an update', async () => {
    const current = (await user.get(`/api/devices/${device.id}`)).json();
    const sent = { ...current, name: 'Truck 7', status: 'unknown', lastUpdate: '2000-01-01T00:00:00Z', positionId: 1 };
    const updated = (await user.put(`/api/devices/${device.id}`, sent)).json();
    expect(updated).toMatchObject({ name: 'Truck 7', status: current.status, lastUpdate: current.lastUpdate, positionId: current.positionId });
  });

  it('returns the history ascending by fix time within an inclusive range', async () => {
    const history = (await user.get(`/api/positions?deviceId=${device.id}&from=2024-05-01T10:00:00Z&to=2024-05-01T10:10:00Z`)).json() as { fixTime: string; latitude: number }[];
    expect(history.map((p) => [p.fixTime, p.latitude])).toEqual([['2024-05-01T10:00:00.000+00:00', 52.0], ['2024-05-01T10:10:00.000+00:00', 52.1]]);
    const offset = (await user.get(`/api/positions?deviceId=${device.id}&from=2024-05-01T12:15:00%2B02:00&to=2024-05-01T12:25:00%2B02:00`)).json();
    expect(offset).toHaveLength(1);
  });

  it('keeps the newest fix as latest even when an older one arrives late', async () => {
    expect((await report('id=860000000000001&lat=51.9&lon=13&timestamp=2024-05-01T09:00:00Z')).statusCode).toBe(200);
    const [latest] = (await user.get(`/api/positions?deviceId=${device.id}`)).json();
    expect(latest).toMatchObject({ latitude: 52.2, fixTime: '2024-05-01T10:20:00.000+00:00' });
  });

  it('looks positions up by id, refusing other users', async () => {
    const [latest] = (await user.get(`/api/positions?deviceId=${device.id}`)).json();
    expect((await user.get(`/api/positions?id=${latest.id}`)).json()).toEqual([latest]);
    const stranger = await createUser(admin, server.app, { email: 'stranger@example.com' });
    expect((await stranger.get(`/api/positions?id=${latest.id}`)).statusCode).toBe(403);
    expect((await user.get('/api/positions?id=99999999')).statusCode).toBe(404);
  });

  it('refuses history for users with reports disabled', async () => {
    const blocked = await createUser(admin, server.app, { email: 'noreports@example.com', disableReports: true });
    await admin.post('/api/permissions', { userId: blocked.user.id, deviceId: device.id });
    expect((await blocked.get(`/api/positions?deviceId=${device.id}&from=2024-05-01T00:00:00Z&to=2024-05-02T00:00:00Z`)).statusCode).toBe(403);
    expect((await blocked.get(`/api/positions?deviceId=${device.id}`)).statusCode).toBe(200);
  });

  it('resets accumulators by storing a corrected latest position', async () => {
    const before = (await user.get(`/api/positions?deviceId=${device.id}`)).json()[0];
    expect((await user.put(`/api/devices/${device.id}/accumulators`, { deviceId: device.id, totalDistance: 123456, hours: 7200000 })).statusCode).toBe(204);
    const after = (await user.get(`/api/positions?deviceId=${device.id}`)).json()[0];
    expect(after.id).not.toBe(before.id);
    expect(after.attributes).toMatchObject({ totalDistance: 123456, hours: 7200000 });
    expect(after.latitude).toBe(before.latitude);
  });

  it('deletes positions one by one and by range', async () => {
    const history = (await user.get(`/api/positions?deviceId=${device.id}&from=2024-05-01T08:00:00Z&to=2024-05-01T11:00:00Z`)).json() as { id: number }[];
    expect((await user.delete(`/api/positions/${history[0]!.id}`)).statusCode).toBe(204);
    expect((await user.delete(`/api/positions/${history[0]!.id}`)).statusCode).toBe(404);
    expect((await user.delete(`/api/positions?deviceId=${device.id}&from=2024-05-01T08:00:00Z&to=2024-05-01T10:05:00Z`)).statusCode).toBe(204);
    const remaining = (await user.get(`/api/positions?deviceId=${device.id}&from=2024-05-01T08:00:00Z&to=2024-05-01T11:00:00Z`)).json() as { fixTime: string }[];
    // 10:10, 10:20 and the accumulator copy of 10:20 remain
    expect(remaining.map((p) => p.fixTime.slice(11, 16))).toEqual(['10:10', '10:20', '10:20']);
  });

  it('reads events by id with device access', async () => {
    const id = await server.ctx.storage.db.insertInto('events').values({ type: 'alarm', eventTime: Date.UTC(2024, 4, 1), deviceId: device.id, positionId: null, geofenceId: null, maintenanceId: null, attributes: '{"alarm":"sos"}' }).returning('id').executeTakeFirstOrThrow();
    const event = (await user.get(`/api/events/${id.id}`)).json();
    expect(event).toMatchObject({ type: 'alarm', deviceId: device.id, positionId: 0, geofenceId: 0, attributes: { alarm: 'sos' }, eventTime: '2024-05-01T00:00:00.000+00:00' });
    expect((await admin.get('/api/events/99999')).statusCode).toBe(404);
    const stranger = await createUser(admin, server.app, { email: 'stranger2@example.com' });
    expect((await stranger.get(`/api/events/${id.id}`)).statusCode).toBe(403);
  });

  it('keeps positions but removes links when a device is deleted', async () => {
    const doomed = (await user.post('/api/devices', { name: 'Doomed', uniqueId: 'doomed-device' })).json();
    await report('id=doomed-device&lat=1&lon=1');
    expect((await user.delete(`/api/devices/${doomed.id}`)).statusCode).toBe(204);
    expect((await user.get(`/api/devices/${doomed.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/permissions?userId=${user.user.id}&deviceId=${doomed.id}`)).json()).toEqual([]);
    expect((await report('id=doomed-device&lat=1&lon=1')).statusCode).toBe(400);
  });
});
