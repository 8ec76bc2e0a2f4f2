import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, bootstrapAdmin, createUser, login, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

type Role = 'anonymous' | 'user' | 'another' | 'readonly' | 'deviceReadonly' | 'limitCommands' | 'manager' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'another', 'readonly', 'deviceReadonly', 'limitCommands', 'manager', 'admin'];

interface Fixture {
  clients: Record<Role, Omit<Client, 'cookie' | 'user'>>;
  ids: Record<string, number>;
  deviceA: Record<string, unknown>;
  /** A new device of `user`, linked to readonly and deviceReadonly too, for destructive cases. */
  freshDevice: () => Promise<number>;
  freshGeofence: () => Promise<number>;
}

interface Case {
  name: string;
  call: (client: Omit<Client, 'cookie' | 'user'>, role: Role, f: Fixture) => ReturnType<Client['get']>;
  expect: Partial<Record<Role, number>> & { default: number };
}

/** Status codes per role; `default` covers the roles not named. */
const cases: Case[] = [
  // Reading one's own objects, and nobody else's
  { name: 'GET device A (linked to user, readonly, deviceReadonly)', call: (c, _r, f) => c.get(`/api/devices/${f.ids.deviceA}`), expect: { default: 403, anonymous: 401, user: 200, readonly: 200, deviceReadonly: 200, admin: 200 } },
  { name: 'GET device B (another)', call: (c, _r, f) => c.get(`/api/devices/${f.ids.deviceB}`), expect: { default: 403, anonymous: 401, another: 200, admin: 200 } },
  { name: 'GET positions of device A', call: (c, _r, f) => c.get(`/api/positions?deviceId=${f.ids.deviceA}`), expect: { default: 403, anonymous: 401, user: 200, readonly: 200, deviceReadonly: 200, admin: 200 } },
  { name: 'GET history of device B', call: (c, _r, f) => c.get(`/api/positions?deviceId=${f.ids.deviceB}&from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z`), expect: { default: 403, anonymous: 401, another: 200, admin: 200 } },
  { name: 'GET geofence of user', call: (c, _r, f) => c.get(`/api/geofences/${f.ids.geofence}`), expect: { default: 403, anonymous: 401, user: 200, readonly: 200, admin: 200 } },
  { name: 'GET notification of user', call: (c, _r, f) => c.get(`/api/notifications/${f.ids.notification}`), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
  { name: 'GET group of user', call: (c, _r, f) => c.get(`/api/groups/${f.ids.group}`), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
  { name: 'GET driver of user', call: (c, _r, f) => c.get(`/api/drivers/${f.ids.driver}`), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
  { name: 'GET maintenance of user', call: (c, _r, f) => c.get(`/api/maintenance/${f.ids.maintenance}`), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
  { name: 'GET calendar of user', call: (c, _r, f) => c.get(`/api/calendars/${f.ids.calendar}`), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
  { name: 'GET saved command of user', call: (c, _r, f) => c.get(`/api/commands/${f.ids.command}`), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
  { name: 'GET computed attribute linked to user', call: (c, _r, f) => c.get(`/api/attributes/computed/${f.ids.attribute}`), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
  { name: 'GET managed user', call: (c, _r, f) => c.get(`/api/users/${f.ids.managed}`), expect: { default: 403, anonymous: 401, manager: 200, admin: 200 } },
  { name: 'GET the user account of user', call: (c, _r, f) => c.get(`/api/users/${f.ids.user}`), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
  { name: 'GET statistics', call: (c) => c.get('/api/statistics?from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z'), expect: { default: 403, anonymous: 401, admin: 200 } },
  { name: 'GET permissions', call: (c, _r, f) => c.get(`/api/permissions?userId=${f.ids.user}&deviceId=0`), expect: { default: 403, anonymous: 401, admin: 200 } },
  { name: 'GET server (anonymous allowed)', call: (c) => c.get('/api/server'), expect: { default: 200 } },
  { name: 'GET time zones', call: (c) => c.get('/api/server/timezones'), expect: { default: 200, anonymous: 401 } },
  { name: 'GET notification types', call: (c) => c.get('/api/notifications/types'), expect: { default: 200, anonymous: 401 } },
  { name: 'GET users list', call: (c) => c.get('/api/users'), expect: { default: 200, anonymous: 401 } },
  { name: 'GET users managed by manager', call: (c, _r, f) => c.get(`/api/users?userId=${f.ids.manager}`), expect: { default: 403, anonymous: 401, manager: 200, admin: 200 } },
  { name: 'GET devices of another user', call: (c, _r, f) => c.get(`/api/devices?userId=${f.ids.another}`), expect: { default: 403, anonymous: 401, another: 200, admin: 200 } },

  // Writing
  { name: 'PUT device A', call: (c, _r, f) => c.put(`/api/devices/${f.ids.deviceA}`, f.deviceA), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
  { name: 'POST device', call: (c, role) => c.post('/api/devices', { name: `new ${role}`, uniqueId: `new-${role}` }), expect: { default: 200, anonymous: 401, readonly: 403, deviceReadonly: 403 } },
  { name: 'POST geofence', call: (c, role) => c.post('/api/geofences', { name: `zone ${role}`, area: 'CIRCLE (48.8566 2.3522, 50)' }), expect: { default: 200, anonymous: 401, readonly: 403 } },
  { name: 'PUT geofence of user', call: (c, _r, f) => c.put(`/api/geofences/${f.ids.geofence}`, { id: f.ids.geofence, name: 'Depot', area: 'CIRCLE (48.8566 2.3522, 60)' }), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
  { name: 'POST computed attribute', call: (c) => c.post('/api/attributes/computed', { description: 'Speed km/h', attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' }), expect: { default: 403, anonymous: 401, admin: 200 } },
  { name: 'link device A to geofence of user', call: (c, _r, f) => c.post('/api/permissions', { deviceId: f.ids.deviceA, geofenceId: f.ids.geofence }), expect: { default: 403, anonymous: 401, user: 204, admin: 204 } },
  { name: 'link another user to device A', call: (c, _r, f) => c.post('/api/permissions', { userId: f.ids.another, deviceId: f.ids.deviceA }), expect: { default: 403, anonymous: 401, admin: 204 } },
  // after the link above, `another` reaches device A and may drop its own link
  { name: 'unlink another user from device A', call: (c, _r, f) => c.delete('/api/permissions', { userId: f.ids.another, deviceId: f.ids.deviceA }), expect: { default: 403, anonymous: 401, another: 204, admin: 204 } },
  { name: 'device A is gone for another once unlinked', call: (c, _r, f) => c.get(`/api/devices/${f.ids.deviceA}`), expect: { default: 403, anonymous: 401, user: 200, readonly: 200, deviceReadonly: 200, admin: 200 } },
  { name: 'DELETE a fresh device of user', call: async (c, _r, f) => c.delete(`/api/devices/${await f.freshDevice()}`), expect: { default: 403, anonymous: 401, user: 204, readonly: 403, admin: 204 } },
  { name: 'DELETE a fresh geofence of user', call: async (c, _r, f) => c.delete(`/api/geofences/${await f.freshGeofence()}`), expect: { default: 403, anonymous: 401, user: 204, readonly: 403, admin: 204 } },
  { name: 'POST saved command', call: (c) => c.post('/api/commands', { type: 'custom', description: 'Reboot', attributes: { data: 'reset' } }), expect: { default: 200, anonymous: 401, readonly: 403, limitCommands: 403 } },
  { name: 'PUT accumulators of device A', call: (c, _r, f) => c.put(`/api/devices/${f.ids.deviceA}/accumulators`, { deviceId: f.ids.deviceA, totalDistance: 1000 }), expect: { default: 403, anonymous: 401, user: 400, admin: 400 } },
  { name: 'DELETE positions of device B', call: (c, _r, f) => c.delete(`/api/positions?deviceId=${f.ids.deviceB}&from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z`), expect: { default: 403, anonymous: 401, another: 204, admin: 204 } },
  { name: 'PUT server', call: (c) => c.put('/api/server', { id: 1, registration: true }), expect: { default: 403, anonymous: 401, admin: 200 } },
  { name: 'PUT managed user', call: (c, _r, f) => c.put(`/api/users/${f.ids.managed}`, { id: f.ids.managed, name: 'Managed', email: 'managed@example.com' }), expect: { default: 403, anonymous: 401, manager: 200, admin: 200 } },
  { name: 'make oneself administrator', call: (c, role, f) => c.put(`/api/users/${f.ids[role] ?? 0}`, { id: f.ids[role] ?? 0, administrator: true }), expect: { default: 403, anonymous: 401, admin: 200 } },
];

/** Listing and creating, for every generic resource. */
const calendar = Buffer.from('BEGIN:VCALENDAR\nEND:VCALENDAR').toString('base64');
const CREATABLE: [string, Record<string, unknown>, Partial<Record<Role, number>>][] = [
  ['groups', { name: 'G' }, {}],
  ['drivers', { name: 'D', uniqueId: 'drv' }, {}],
  ['maintenance', { name: 'M', type: 'totalDistance', start: 0, period: 1000 }, {}],
  ['notifications', { type: 'alarm', notificators: 'web' }, {}],
  ['calendars', { name: 'C', data: calendar }, {}],
  ['orders', { uniqueId: 'O-1' }, {}],
  ['commands', { type: 'custom', description: 'C' }, { limitCommands: 403 }],
  ['attributes/computed', { description: 'A', attribute: 'a', expression: '1', type: 'number' }, { user: 403, another: 403, deviceReadonly: 403, limitCommands: 403, manager: 403 }],
];
for (const [path, body, extra] of CREATABLE) {
  cases.push({ name: `GET /api/${path}`, call: (c) => c.get(`/api/${path}`), expect: { default: 200, anonymous: 401 } });
  cases.push({
    name: `POST /api/${path}`,
    // unique identifiers per caller, so only permissions decide
    call: (c, role) => c.post(`/api/${path}`, { ...body, ...('uniqueId' in body ? { uniqueId: `${String(body.uniqueId)}-${role}` } : {}) }),
    expect: { default: 200, anonymous: 401, readonly: 403, ...extra },
  });
}

describe.each(testDatabases())('authorization matrix on $name', (database) => {
  let server: TestServer;
  let fixture: Fixture;

  beforeAll(async () => {
    server = await startTestServer(database);
    const { app } = server;
    const admin = await bootstrapAdmin(app);
    const user = await createUser(admin, app, { email: 'user@example.com' });
    const another = await createUser(admin, app, { email: 'another@example.com' });
    const readonly = await createUser(admin, app, { email: 'readonly@example.com', readonly: true });
    const deviceReadonly = await createUser(admin, app, { email: 'devro@example.com', deviceReadonly: true });
    const limitCommands = await createUser(admin, app, { email: 'limited@example.com', limitCommands: true });
    const manager = await createUser(admin, app, { email: 'manager@example.com', userLimit: 5 });
    const managedResponse = await manager.post('/api/users', { name: 'Managed', email: 'managed@example.com', password: 'managed-password' });
    expect(managedResponse.statusCode).toBe(200);
    const deviceA = (await user.post('/api/devices', { name: 'A', uniqueId: 'device-a' })).json();
    const deviceB = (await another.post('/api/devices', { name: 'B', uniqueId: 'device-b' })).json();
    const ids: Record<string, number> = {
      user: user.user.id,
      another: another.user.id,
      readonly: readonly.user.id,
      deviceReadonly: deviceReadonly.user.id,
      manager: manager.user.id,
      admin: admin.user.id,
      managed: managedResponse.json().id,
      deviceA: deviceA.id,
      deviceB: deviceB.id,
      geofence: (await user.post('/api/geofences', { name: 'Depot', area: 'CIRCLE (48.8566 2.3522, 50)' })).json().id,
      notification: (await user.post('/api/notifications', { type: 'alarm', notificators: 'web' })).json().id,
      group: (await user.post('/api/groups', { name: 'Fleet' })).json().id,
      driver: (await user.post('/api/drivers', { name: 'Ann', uniqueId: 'driver-1' })).json().id,
      maintenance: (await user.post('/api/maintenance', { name: 'Oil', type: 'totalDistance', start: 0, period: 10000000 })).json().id,
      calendar: (await user.post('/api/calendars', { name: 'Weekdays', data: Buffer.from('BEGIN:VCALENDAR\nEND:VCALENDAR').toString('base64') })).json().id,
      command: (await user.post('/api/commands', { type: 'custom', description: 'Ping', attributes: { data: 'ping' } })).json().id,
      attribute: (await admin.post('/api/attributes/computed', { description: 'Fast', attribute: 'fast', expression: 'speed > 50', type: 'boolean' })).json().id,
    };
    for (const [owner, property] of [['readonly', 'deviceA'], ['deviceReadonly', 'deviceA'], ['readonly', 'geofence']] as const) {
      const key = property === 'deviceA' ? 'deviceId' : 'geofenceId';
      expect((await admin.post('/api/permissions', { userId: ids[owner], [key]: ids[property] })).statusCode).toBe(204);
    }
    expect((await admin.post('/api/permissions', { userId: ids.user, attributeId: ids.attribute })).statusCode).toBe(204);
    let fresh = 0;
    const freshDevice = async () => {
      const id = (await user.post('/api/devices', { name: 'Spare', uniqueId: `spare-${++fresh}` })).json().id as number;
      for (const viewer of [ids.readonly, ids.deviceReadonly]) await admin.post('/api/permissions', { userId: viewer, deviceId: id });
      return id;
    };
    const freshGeofence = async () => {
      const id = (await user.post('/api/geofences', { name: 'Spare', area: 'CIRCLE (1 2, 3)' })).json().id as number;
      await admin.post('/api/permissions', { userId: ids.readonly, geofenceId: id });
      return id;
    };
    ids.limitCommands = limitCommands.user.id;
    fixture = { clients: { anonymous: anonymous(app), user, another, readonly, deviceReadonly, limitCommands, manager, admin }, ids, deviceA, freshDevice, freshGeofence };
  });
  afterAll(() => server.close());

  it.each(cases)('$name', async ({ call, expect: expected }) => {
    const actual: Partial<Record<Role, number>> = {};
    const wanted: Partial<Record<Role, number>> = {};
    for (const role of ROLES) {
      actual[role] = (await call(fixture.clients[role], role, fixture)).statusCode;
      wanted[role] = expected[role] ?? expected.default;
    }
    expect(actual).toEqual(wanted);
  });

  it('lists show each user only their own objects', async () => {
    const { clients, ids } = fixture;
    const names = async (client: Omit<Client, 'cookie' | 'user'>, url: string) => ((await client.get(url)).json() as { id: number }[]).map((item) => item.id);
    expect(await names(clients.user, '/api/devices')).toContain(ids.deviceA);
    expect(await names(clients.user, '/api/devices')).not.toContain(ids.deviceB);
    expect(await names(clients.another, '/api/devices')).not.toContain(ids.deviceA);
    expect(await names(clients.another, '/api/geofences')).not.toContain(ids.geofence);
    expect(await names(clients.another, '/api/notifications')).not.toContain(ids.notification);
    expect(await names(clients.readonly, '/api/geofences')).toContain(ids.geofence);
    expect(await names(clients.user, '/api/users')).toEqual([]);
    expect(await names(clients.manager, '/api/users')).toEqual([ids.managed]);
    const all = await names(clients.admin, '/api/devices?all=true');
    expect(all).toEqual(expect.arrayContaining([ids.deviceA, ids.deviceB]));
    expect(await names(clients.another, '/api/devices?all=true')).not.toContain(ids.deviceA);
  });

  it('a server in readonly mode refuses writes by non-administrators', async () => {
    const { clients, ids, deviceA } = fixture;
    const server1 = (await clients.admin.get('/api/server')).json();
    expect((await clients.admin.put('/api/server', { ...server1, readonly: true })).statusCode).toBe(200);
    expect((await clients.user.put(`/api/devices/${ids.deviceA}`, deviceA)).statusCode).toBe(403);
    expect((await clients.admin.put(`/api/devices/${ids.deviceA}`, deviceA)).statusCode).toBe(200);
    expect((await clients.admin.put('/api/server', { ...server1, readonly: false })).statusCode).toBe(200);
    expect((await clients.user.put(`/api/devices/${ids.deviceA}`, deviceA)).statusCode).toBe(200);
  });

  it('expired accounts can neither log in nor use their session or token', async () => {
    const { clients } = fixture;
    const temp = await createUser(clients.admin as Client, server.app, { email: 'temp@example.com' });
    const token = (await temp.post('/api/session/token')).body;
    const account = (await clients.admin.get(`/api/users/${temp.user.id}`)).json();
    expect((await clients.admin.put(`/api/users/${temp.user.id}`, { ...account, expirationTime: '2020-01-01T00:00:00Z' })).statusCode).toBe(200);
    expect((await temp.get('/api/devices')).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/devices', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    await expect(login(server.app, 'temp@example.com', 'secret-password')).rejects.toThrow(/400/);
  });

  it('disabled users lose access at once', async () => {
    const { clients, ids } = fixture;
    const victim = await login(server.app, 'another@example.com', 'secret-password');
    const account = (await clients.admin.get(`/api/users/${ids.another}`)).json();
    expect((await clients.admin.put(`/api/users/${ids.another}`, { ...account, disabled: true })).statusCode).toBe(200);
    expect((await victim.get('/api/devices')).statusCode).toBe(401);
    expect((await clients.admin.put(`/api/users/${ids.another}`, { ...account, disabled: false })).statusCode).toBe(200);
  });
});
