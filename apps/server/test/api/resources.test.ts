import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const calendarData = Buffer.from('BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR').toString('base64');

/** One valid object per generic resource, its changed version, and the field that must change. */
const RESOURCES = [
  { path: 'groups', create: { name: 'Fleet' }, change: { name: 'Fleet North' } },
  { path: 'geofences', create: { name: 'Depot', area: 'CIRCLE (48.8566 2.3522, 50)', attributes: { speedLimit: 30 } }, change: { name: 'Depot 2', area: 'POLYGON ((48.85 2.35, 48.86 2.35, 48.86 2.36))' } },
  { path: 'notifications', create: { type: 'alarm', notificators: 'web,mail', attributes: { alarms: 'sos,overspeed' }, always: true }, change: { type: 'geofenceEnter', notificators: 'web' } },
  { path: 'drivers', create: { name: 'Ann', uniqueId: 'drv-1' }, change: { name: 'Ann B', uniqueId: 'drv-1' } },
  { path: 'maintenance', create: { name: 'Oil change', type: 'totalDistance', start: 0, period: 10000000 }, change: { name: 'Tyres', type: 'hours', start: 100, period: 3600000 } },
  { path: 'calendars', create: { name: 'Weekdays', data: calendarData }, change: { name: 'Weekends', data: calendarData } },
  { path: 'commands', create: { type: 'custom', description: 'Ping', attributes: { data: 'ping' } }, change: { type: 'engineStop', description: 'Stop engine' } },
  { path: 'attributes/computed', create: { description: 'Fast', attribute: 'fast', expression: 'speed > 50', type: 'boolean' }, change: { description: 'Very fast', attribute: 'fast', expression: 'speed > 80', type: 'boolean', priority: 2 } },
  { path: 'orders', create: { uniqueId: 'ORD-1', description: 'Pallets', fromAddress: 'Berlin', toAddress: 'Hamburg' }, change: { uniqueId: 'ORD-1', description: 'More pallets' } },
];

describe.each(testDatabases())('generic resources on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let user: Client;
  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
    user = await createUser(admin, server.app, { email: 'crud@example.com' });
  });
  afterAll(() => server.close());

  it.each(RESOURCES)('$path: create, read, list, update, delete', async ({ path, create, change }) => {
    const owner = path === 'attributes/computed' ? admin : user;
    const created = await owner.post(`/api/${path}`, create);
    expect(created.statusCode).toBe(200);
    const item = created.json();
    expect(item.id).toBeGreaterThan(0);
    expect(item).toMatchObject(create);
    expect((await owner.get(`/api/${path}/${item.id}`)).json()).toEqual(item);
    expect((await owner.get(`/api/${path}`)).json()).toContainEqual(item);

    const updated = await owner.put(`/api/${path}/${item.id}`, { ...item, ...change });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject(change);
    expect((await owner.get(`/api/${path}/${item.id}`)).json()).toMatchObject(change);

    expect((await owner.delete(`/api/${path}/${item.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/${path}/${item.id}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/${path}`)).json()).not.toContainEqual(expect.objectContaining({ id: item.id }));
  });

  it('keeps null fields null and attribute types intact through an update', async () => {
    const device = (await user.post('/api/devices', { name: 'Nulls', uniqueId: 'nulls-1', attributes: { speedLimit: 27.5, fuel: { tank: 60 }, tracked: true } })).json();
    const again = (await user.put(`/api/devices/${device.id}`, device)).json();
    expect(again).toMatchObject({ phone: null, model: null, contact: null, category: null, expirationTime: null, groupId: 0 });
    expect(again.attributes).toEqual({ speedLimit: 27.5, fuel: { tank: 60 }, tracked: true });
  });

  it('sorts, searches, pages and strips attributes in lists', async () => {
    for (const name of ['Charlie', 'alpha', 'Bravo']) await user.post('/api/groups', { name, attributes: { x: 1 } });
    const names = async (query: string) => ((await user.get(`/api/groups${query}`)).json() as { name: string }[]).map((g) => g.name);
    expect(await names('?keyword=a')).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(await names('?keyword=ALP')).toEqual(['alpha']);
    expect(await names('?keyword=a&limit=2&offset=1')).toEqual(['Bravo', 'Charlie']);
    const bare = (await user.get('/api/groups?excludeAttributes=true')).json() as { attributes: object }[];
    expect(bare.every((group) => Object.keys(group.attributes).length === 0)).toBe(true);
  });

  it('nests groups, refuses cycles, and gives access to devices of nested groups', async () => {
    const top = (await admin.post('/api/groups', { name: 'Top' })).json();
    const middle = (await admin.post('/api/groups', { name: 'Middle', groupId: top.id })).json();
    const bottom = (await admin.post('/api/groups', { name: 'Bottom', groupId: middle.id })).json();
    const deep = (await admin.post('/api/groups', { name: 'Deep', groupId: bottom.id })).json();
    expect((await admin.put(`/api/groups/${top.id}`, { ...top, groupId: deep.id })).statusCode).toBe(400);
    const device = (await admin.post('/api/devices', { name: 'Deep truck', uniqueId: 'deep-1', groupId: deep.id })).json();
    const viewer = await createUser(admin, server.app, { email: 'viewer@example.com' });
    expect((await viewer.get(`/api/devices/${device.id}`)).statusCode).toBe(403);
    expect((await admin.post('/api/permissions', { userId: viewer.user.id, groupId: top.id })).statusCode).toBe(204);
    expect((await viewer.get(`/api/devices/${device.id}`)).statusCode).toBe(200);
    expect(((await viewer.get('/api/groups')).json() as { id: number }[]).map((g) => g.id).sort()).toEqual([top.id, middle.id, bottom.id, deep.id].sort());
    expect((await admin.delete(`/api/groups/${deep.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/devices/${device.id}`)).json().groupId).toBe(0);
  });

  it('lists objects linked to a device with ?deviceId and another user with ?userId', async () => {
    const device = (await user.post('/api/devices', { name: 'Linked', uniqueId: 'linked-1' })).json();
    const zone = (await user.post('/api/geofences', { name: 'Yard', area: 'CIRCLE (1 2, 3)' })).json();
    await user.post('/api/geofences', { name: 'Other', area: 'CIRCLE (1 2, 3)' });
    expect((await user.post('/api/permissions', { deviceId: device.id, geofenceId: zone.id })).statusCode).toBe(204);
    expect(((await user.get(`/api/geofences?deviceId=${device.id}`)).json() as { id: number }[]).map((g) => g.id)).toEqual([zone.id]);
    const byUser = (await admin.get(`/api/geofences?userId=${user.user.id}`)).json() as { name: string }[];
    expect(byUser.map((g) => g.name)).toEqual(expect.arrayContaining(['Yard', 'Other']));
  });

  it('links and unlinks in bulk, refusing mixed or invalid pairs', async () => {
    const devices = [];
    for (const n of [1, 2]) devices.push((await user.post('/api/devices', { name: `Bulk ${n}`, uniqueId: `bulk-${n}` })).json());
    const zone = (await user.post('/api/geofences', { name: 'Bulk zone', area: 'CIRCLE (1 2, 3)' })).json();
    const links = devices.map((d) => ({ deviceId: d.id, geofenceId: zone.id }));
    expect((await user.post('/api/permissions/bulk', links)).statusCode).toBe(204);
    expect((await admin.get(`/api/permissions?deviceId=0&geofenceId=${zone.id}`)).json()).toHaveLength(2);
    expect((await user.delete('/api/permissions/bulk', links)).statusCode).toBe(204);
    expect((await admin.get(`/api/permissions?deviceId=0&geofenceId=${zone.id}`)).json()).toHaveLength(0);
    expect((await user.post('/api/permissions/bulk', [links[0], { userId: user.user.id, geofenceId: zone.id }])).statusCode).toBe(400);
    expect((await user.post('/api/permissions', { geofenceId: zone.id, deviceId: devices[0].id })).statusCode).toBe(400);
    expect((await user.post('/api/permissions', { deviceId: devices[0].id })).statusCode).toBe(400);
    expect((await admin.post('/api/permissions', { deviceId: devices[0].id, geofenceId: 999999 })).statusCode).toBe(400);
  });

  it('lists event types, notificators and command types', async () => {
    const types = (await user.get('/api/notifications/types')).json() as { type: string }[];
    expect(types[0]).toEqual({ type: 'commandResult' });
    expect(types.map((t) => t.type)).toEqual(expect.arrayContaining(['alarm', 'geofenceEnter', 'deviceOverspeed', 'ignitionOn', 'maintenance', 'driverChanged']));
    expect((await user.get('/api/notifications/notificators')).json()).toEqual([{ type: 'web' }, { type: 'command' }]);
    const commands = (await user.get('/api/commands/types')).json() as { type: string }[];
    expect(commands[0]).toEqual({ type: 'custom' });
    expect(commands.map((c) => c.type)).toContain('engineStop');
  });
});
