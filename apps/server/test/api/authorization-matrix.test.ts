import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { openLiveSocket } from '../helpers/live-socket.js';
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
  /** A new object of `user` (or of the administrator, linked to `user`, for computed attributes). */
  fresh: (path: string) => Promise<number>;
  /** A new position of device A. */
  freshPosition: () => Promise<number>;
  /** A new account managed by the manager. */
  freshManagedUser: () => Promise<number>;
}

interface Case {
  name: string;
  call: (client: Omit<Client, 'cookie' | 'user'>, role: Role, f: Fixture) => ReturnType<Client['get']>;
  expect: Partial<Record<Role, number>> & { default: number };
}

const calendarData = Buffer.from('BEGIN:VCALENDAR\nEND:VCALENDAR').toString('base64');
const FIXTURE_KEYS = { groups: 'group', drivers: 'driver', maintenance: 'maintenance', calendars: 'calendar', commands: 'command' } as const;
const UPDATES: Record<keyof typeof FIXTURE_KEYS, Record<string, unknown>> = {
  groups: { name: 'Fleet' },
  drivers: { name: 'Ann', uniqueId: 'driver-1' },
  maintenance: { name: 'Oil', type: 'totalDistance', start: 0, period: 10000000 },
  calendars: { name: 'Weekdays', data: calendarData },
  commands: { type: 'custom', description: 'Ping', attributes: { data: 'ping' } },
};
const FRESH: Record<string, Record<string, unknown>> = {
  ...UPDATES,
  drivers: { name: 'Spare' },
  notifications: { type: 'alarm', notificators: 'web' },
  'attributes/computed': { description: 'Spare', attribute: 'spare', expression: '1', type: 'number' },
};

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
  { name: 'PUT accumulators of device A', call: (c, _r, f) => c.put(`/api/devices/${f.ids.deviceA}/accumulators`, { deviceId: f.ids.deviceA, totalDistance: 1000 }), expect: { default: 403, anonymous: 401, user: 204, admin: 204 } },
  { name: 'DELETE positions of device B', call: (c, _r, f) => c.delete(`/api/positions?deviceId=${f.ids.deviceB}&from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z`), expect: { default: 403, anonymous: 401, another: 204, admin: 204 } },
  { name: 'PUT server', call: (c) => c.put('/api/server', { id: 1, registration: true }), expect: { default: 403, anonymous: 401, admin: 200 } },
  { name: 'PUT managed user', call: (c, _r, f) => c.put(`/api/users/${f.ids.managed}`, { id: f.ids.managed, name: 'Managed', email: 'managed@example.com' }), expect: { default: 403, anonymous: 401, manager: 200, admin: 200 } },
  { name: 'make oneself administrator', call: (c, role, f) => c.put(`/api/users/${f.ids[role] ?? 0}`, { id: f.ids[role] ?? 0, administrator: true }), expect: { default: 403, anonymous: 401, admin: 200 } },

  // Other users' objects: only the owner (and administrators) may change or delete them
  { name: 'PUT notification of user', call: (c, _r, f) => c.put(`/api/notifications/${f.ids.notification}`, { id: f.ids.notification, type: 'alarm', notificators: 'web', attributes: { alarms: 'sos' } }), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
  { name: 'DELETE a fresh notification of user', call: async (c, _r, f) => c.delete(`/api/notifications/${await f.fresh('notifications')}`), expect: { default: 403, anonymous: 401, user: 204, admin: 204 } },
  ...(['groups', 'drivers', 'maintenance', 'calendars', 'commands'] as const).flatMap((path): Case[] => [
    { name: `PUT ${path} of user`, call: (c, _r, f) => c.put(`/api/${path}/${f.ids[FIXTURE_KEYS[path]]}`, { id: f.ids[FIXTURE_KEYS[path]], ...UPDATES[path] }), expect: { default: 403, anonymous: 401, user: 200, admin: 200 } },
    { name: `DELETE a fresh ${path} of user`, call: async (c, _r, f) => c.delete(`/api/${path}/${await f.fresh(path)}`), expect: { default: 403, anonymous: 401, user: 204, admin: 204 } },
  ]),
  { name: 'PUT computed attribute linked to user', call: (c, _r, f) => c.put(`/api/attributes/computed/${f.ids.attribute}`, { id: f.ids.attribute, description: 'Fast', attribute: 'fast', expression: 'speed > 60', type: 'boolean' }), expect: { default: 403, anonymous: 401, admin: 200 } },
  { name: 'DELETE a fresh computed attribute linked to user', call: async (c, _r, f) => c.delete(`/api/attributes/computed/${await f.fresh('attributes/computed')}`), expect: { default: 403, anonymous: 401, admin: 204 } },

  // Positions and events go with their device
  { name: 'GET latest positions', call: (c) => c.get('/api/positions'), expect: { default: 200, anonymous: 401 } },
  { name: 'GET position of device A by id', call: (c, _r, f) => c.get(`/api/positions?id=${f.ids.positionA}`), expect: { default: 403, anonymous: 401, user: 200, readonly: 200, deviceReadonly: 200, admin: 200 } },
  { name: 'GET position of device B by id', call: (c, _r, f) => c.get(`/api/positions?id=${f.ids.positionB}`), expect: { default: 403, anonymous: 401, another: 200, admin: 200 } },
  { name: 'GET event of device A', call: (c, _r, f) => c.get(`/api/events/${f.ids.eventA}`), expect: { default: 403, anonymous: 401, user: 200, readonly: 200, deviceReadonly: 200, admin: 200 } },

  // Accounts
  // registration is open by now (PUT server above), so anyone may sign up a plain account...
  { name: 'POST user', call: (c, role) => c.post('/api/users', { name: role, email: `made-by-${role}@example.com`, password: 'new-password' }), expect: { default: 200 } },
  // ...but only an administrator creates an administrator
  { name: 'POST administrator', call: (c, role) => c.post('/api/users', { name: role, email: `admin-by-${role}@example.com`, password: 'new-password', administrator: true }), expect: { default: 403, admin: 200 } },
  { name: 'DELETE a fresh managed user', call: async (c, _r, f) => c.delete(`/api/users/${await f.freshManagedUser()}`), expect: { default: 403, anonymous: 401, manager: 204, admin: 204 } },

  // Links in bulk: both sides must be reachable
  { name: 'POST bulk permissions', call: (c, _r, f) => c.post('/api/permissions/bulk', [{ deviceId: f.ids.deviceA, geofenceId: f.ids.geofence }]), expect: { default: 403, anonymous: 401, user: 204, admin: 204 } },
  { name: 'DELETE bulk permissions', call: (c, _r, f) => c.delete('/api/permissions/bulk', [{ deviceId: f.ids.deviceA, geofenceId: f.ids.geofence }]), expect: { default: 403, anonymous: 401, user: 204, admin: 204 } },

  // Tests, reports and administration
  { name: 'POST notification test', call: (c) => c.post('/api/notifications/test'), expect: { default: 204, anonymous: 401 } },
  { name: 'POST computed attribute test on device A', call: (c, _r, f) => c.post(`/api/attributes/computed/test?deviceId=${f.ids.deviceA}`, { description: 'T', attribute: 't', expression: 'speed > 0', type: 'boolean' }), expect: { default: 403, anonymous: 401, admin: 200 } },
  ...(['route', 'events', 'trips', 'stops', 'summary'] as const).map((report): Case => ({
    // devices the caller cannot reach are dropped from a report, not refused (see the content test below)
    name: `GET ${report} report of device A`, call: (c, _r, f) => c.get(`/api/reports/${report}?deviceId=${f.ids.deviceA}&from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z`), expect: { default: 200, anonymous: 401 },
  })),
  { name: 'GET unknown devices', call: (c) => c.get('/api/devices/unknown'), expect: { default: 403, anonymous: 401, admin: 200 } },
  { name: 'GET geocode (no geocoder)', call: (c) => c.get('/api/server/geocode?latitude=48.85&longitude=2.35'), expect: { default: 400, anonymous: 401 } },
  { name: 'POST announcement', call: (c) => c.post('/api/notifications/send/mail', { body: 'Hello' }), expect: { default: 403, anonymous: 401, manager: 400, admin: 400 } },
  { name: 'POST device image of device A', call: (c, _r, f) => c.post(`/api/devices/${f.ids.deviceA}/image`, { not: 'an image' }), expect: { default: 403, anonymous: 401, user: 400, admin: 400 } },
  { name: 'GET commands for device A', call: (c, _r, f) => c.get(`/api/commands/send?deviceId=${f.ids.deviceA}`), expect: { default: 403, anonymous: 401, user: 200, readonly: 200, deviceReadonly: 200, admin: 200 } },
  // after the computed attribute test, which needs device A's latest position
  { name: 'DELETE a fresh position of device A', call: async (c, _r, f) => c.delete(`/api/positions/${await f.freshPosition()}`), expect: { default: 403, anonymous: 401, user: 204, deviceReadonly: 204, admin: 204 } },
  { name: 'POST ad-hoc command to device A', call: (c, _r, f) => c.post('/api/commands/send', { type: 'custom', textChannel: true, deviceId: f.ids.deviceA, attributes: { data: 'X' } }), expect: { default: 403, anonymous: 401, user: 400, readonly: 400, deviceReadonly: 400, admin: 400 } },
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
    const deviceA = (await user.post('/api/devices', { name: 'A', uniqueId: 'device-a', phone: '+15550100' })).json();
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
    let minute = 0;
    const report = async (uniqueId: string) => {
      const timestamp = new Date(Date.UTC(2024, 4, 1, 10, ++minute)).toISOString();
      const form = new URLSearchParams({ id: uniqueId, lat: '48.8566', lon: '2.3522', speed: '10', timestamp }).toString();
      expect((await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form })).statusCode).toBe(200);
    };
    const latestOf = async (client: Client, deviceId: number) => ((await client.get(`/api/positions?deviceId=${deviceId}`)).json() as { id: number }[])[0]!.id;
    await report('device-a');
    await report('device-b');
    ids.positionA = await latestOf(user, deviceA.id);
    ids.positionB = await latestOf(another, deviceB.id);
    ids.eventA = (await server.ctx.events.raiseTextMessage('+15550100', 'Door open'))[0]!.id;
    let spare = 0;
    const freshObject = async (path: string) => {
      const body = { ...FRESH[path]!, ...(path === 'drivers' ? { uniqueId: `spare-driver-${++spare}` } : {}) };
      if (path !== 'attributes/computed') return (await user.post(`/api/${path}`, body)).json().id as number;
      const id = (await admin.post('/api/attributes/computed', body)).json().id as number;
      await admin.post('/api/permissions', { userId: ids.user, attributeId: id });
      return id;
    };
    const freshPosition = async () => {
      await report('device-a');
      return latestOf(user, deviceA.id);
    };
    const freshManagedUser = async () => {
      const id = (await admin.post('/api/users', { name: 'Spare', email: `spare-${++spare}@example.com`, password: 'spare-password' })).json().id as number;
      expect((await admin.post('/api/permissions', { userId: ids.manager, managedUserId: id })).statusCode).toBe(204);
      return id;
    };
    fixture = { clients: { anonymous: anonymous(app), user, another, readonly, deviceReadonly, limitCommands, manager, admin }, ids, deviceA, freshDevice, freshGeofence, fresh: freshObject, freshPosition, freshManagedUser };
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
    expect(await names(clients.manager, '/api/users')).toContain(ids.managed);
    for (const id of [ids.user, ids.another, ids.admin]) expect(await names(clients.manager, '/api/users')).not.toContain(id);
    const all = await names(clients.admin, '/api/devices?all=true');
    expect(all).toEqual(expect.arrayContaining([ids.deviceA, ids.deviceB]));
    expect(await names(clients.another, '/api/devices?all=true')).not.toContain(ids.deviceA);
  });

  it('positions and reports show each user only the devices they reach', async () => {
    const { clients, ids } = fixture;
    // device A's latest position was deleted above: it reports again
    const form = new URLSearchParams({ id: 'device-a', lat: '48.86', lon: '2.35', timestamp: new Date(Date.UTC(2024, 11, 1)).toISOString() }).toString();
    expect((await server.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form })).statusCode).toBe(200);
    const deviceIdsOf = async (client: Omit<Client, 'cookie' | 'user'>, url: string) =>
      [...new Set(((await client.get(url)).json() as { deviceId: number }[]).map((item) => item.deviceId))].sort();
    const reaches: Record<Exclude<Role, 'anonymous'>, number[]> = {
      user: [ids.deviceA!], readonly: [ids.deviceA!], deviceReadonly: [ids.deviceA!], another: [ids.deviceB!],
      // administrators too see only linked devices in these lists and reports (reference §4.1), and nothing is linked to them
      limitCommands: [], manager: [], admin: [],
    };
    const range = 'from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z';
    for (const [role, expected] of Object.entries(reaches) as [Exclude<Role, 'anonymous'>, number[]][]) {
      expect({ role, latest: await deviceIdsOf(clients[role], '/api/positions') }).toEqual({ role, latest: expected });
      expect({ role, route: await deviceIdsOf(clients[role], `/api/reports/route?deviceId=${ids.deviceA}&deviceId=${ids.deviceB}&${range}`) })
        .toEqual({ role, route: expected });
    }
  });

  it('a socket of each role carries only the devices that role reaches', async () => {
    const { clients, ids } = fixture;
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/socket`;
    const roles = ROLES.filter((role): role is Exclude<Role, 'anonymous'> => role !== 'anonymous');
    const sockets = await Promise.all(roles.map(async (role) => [role, await openLiveSocket(url, (clients[role] as Client).cookie)] as const));
    for (const uniqueId of ['device-a', 'device-b']) {
      const form = new URLSearchParams({ id: uniqueId, lat: '48.86', lon: '2.35', timestamp: new Date(Date.UTC(2025, 0, 1)).toISOString() }).toString();
      expect((await server.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form })).statusCode).toBe(200);
    }
    await server.ctx.events.raiseTextMessage('+15550100', 'Hello');
    const followsA = ['user', 'readonly', 'deviceReadonly'];
    // the one who follows device B has had both positions; every other socket has its messages by then too
    await sockets.find(([role]) => role === 'another')![1].waitFor((m) => (m.positions as { deviceId: number }[] | undefined)?.some((p) => p.deviceId === ids.deviceB) ?? false);
    await sockets.find(([role]) => role === 'user')![1].waitFor((m) => Array.isArray(m.events));
    for (const [role, socket] of sockets) {
      const seen = new Set(socket.messages.flatMap((m) => [
        ...((m.positions ?? []) as { deviceId: number }[]).map((p) => p.deviceId),
        ...((m.devices ?? []) as { id: number }[]).map((d) => d.id),
        ...((m.events ?? []) as { deviceId: number }[]).map((e) => e.deviceId),
      ]));
      const expected = followsA.includes(role) ? [ids.deviceA] : role === 'another' ? [ids.deviceB] : [];
      expect({ role, devices: [...seen].sort() }).toEqual({ role, devices: expected });
      socket.close();
    }
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
