import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Device, Event } from '@tracklane/domain';
import type { LiveMessage } from '../../src/live/live-message.js';
import { deviceEvent } from '../../src/processing/events/pending-event.js';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const calendarData = (start: Date, end: Date) => {
  const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:window', `DTSTART:${stamp(start)}`, `DTEND:${stamp(end)}`, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
  return Buffer.from(text).toString('base64');
};

describe.each(testDatabases())('notification matching on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let alice: Client;
  let bob: Client;
  let carol: Client;
  const ids: Record<string, number> = {};
  /** Web notifications pushed to each user: `<user>:<event type>[:alarm]:<device name>`. */
  let delivered: string[] = [];
  const names = new Map<number, string>();

  const created = async (response: Promise<{ statusCode: number; json(): { id: number }; body: string }>) => {
    const reply = await response;
    if (reply.statusCode !== 200) throw new Error(`${reply.statusCode} ${reply.body}`);
    return reply.json().id;
  };
  const link = async (client: Client, body: Record<string, number>) => {
    const reply = await client.post('/api/permissions', body);
    if (reply.statusCode !== 204) throw new Error(`link ${JSON.stringify(body)}: ${reply.statusCode} ${reply.body}`);
  };
  const notification = (client: Client, fields: Record<string, unknown>) => created(client.post('/api/notifications', { notificators: 'web', always: false, ...fields }));

  /** Raises an event on the device as the pipeline would, and waits until every resulting delivery is done. */
  const raise = async (deviceKey: string, type: Parameters<typeof deviceEvent>[0], attributes: Record<string, unknown> = {}) => {
    const device = (await server.ctx.repos.devices.findById(ids[deviceKey]!)) as Device;
    delivered = [];
    await server.ctx.events.raise(device, [deviceEvent(type, server.ctx.now(), attributes)]);
    await server.ctx.notifications.idle();
    return [...delivered].sort();
  };

  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
    alice = await createUser(admin, server.app, { email: 'alice@example.com' });
    bob = await createUser(admin, server.app, { email: 'bob@example.com' });
    carol = await createUser(admin, server.app, { email: 'carol@example.com' });
    for (const client of [alice, bob, carol]) names.set(client.user.id, String(client.user.email).split('@')[0]!);
    server.ctx.broadcaster.subscribe((message: LiveMessage) => {
      if (message.kind !== 'event' || message.event.attributes.message === undefined) return;
      const event: Event = message.event;
      const alarm = event.attributes.alarm ? `:${String(event.attributes.alarm)}` : '';
      delivered.push(`${names.get(message.userId) ?? message.userId}:${event.type}${alarm}:${event.deviceId === ids.fleet ? 'fleet' : event.deviceId === ids.bobs ? 'bobs' : 'shared'}`);
    });

    ids.top = await created(admin.post('/api/groups', { name: 'Region' }));
    ids.depot = await created(admin.post('/api/groups', { name: 'Depot', groupId: ids.top }));
    ids.fleet = await created(admin.post('/api/devices', { name: 'Fleet truck', uniqueId: 'fleet-1', groupId: ids.depot }));
    ids.bobs = await created(admin.post('/api/devices', { name: 'Bob van', uniqueId: 'bob-1' }));
    ids.shared = await created(admin.post('/api/devices', { name: 'Shared car', uniqueId: 'shared-1' }));
    await link(admin, { userId: alice.user.id, groupId: ids.top });
    await link(admin, { userId: alice.user.id, deviceId: ids.shared });
    await link(admin, { userId: bob.user.id, deviceId: ids.bobs });
    await link(admin, { userId: bob.user.id, deviceId: ids.shared });
    await link(admin, { userId: carol.user.id, deviceId: ids.shared });

    await notification(alice, { type: 'ignitionOn', always: true });
    const aliceOff = await notification(alice, { type: 'ignitionOff' });
    await link(alice, { deviceId: ids.fleet, notificationId: aliceOff });
    const aliceOnline = await notification(alice, { type: 'deviceOnline' });
    await link(alice, { groupId: ids.top, notificationId: aliceOnline });
    await notification(alice, { type: 'alarm', always: true, attributes: { alarms: 'sos,door' } });
    await notification(alice, { type: 'alarm', always: true });
    await notification(bob, { type: 'ignitionOn', always: true });
    const bobStopped = await notification(bob, { type: 'deviceStopped' });
    await link(admin, { deviceId: ids.fleet, notificationId: bobStopped });
    await notification(carol, { type: 'ignitionOn', always: true });
    const inside = await created(alice.post('/api/calendars', { name: 'Now', data: calendarData(new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000)) }));
    const outside = await created(alice.post('/api/calendars', { name: 'Y2K', data: calendarData(new Date('2000-01-01T00:00:00Z'), new Date('2000-01-02T00:00:00Z')) }));
    await notification(alice, { type: 'deviceOffline', always: true, calendarId: inside, description: 'in calendar' });
    await notification(alice, { type: 'deviceUnknown', always: true, calendarId: outside, description: 'outside calendar' });
  });
  afterAll(() => server.close());

  it('delivers an always notification to each linked user who can see the device, through a group too', async () => {
    expect(await raise('fleet', 'ignitionOn')).toEqual(['alice:ignitionOn:fleet']);
    expect(await raise('bobs', 'ignitionOn')).toEqual(['bob:ignitionOn:bobs']);
    expect(await raise('shared', 'ignitionOn')).toEqual(['alice:ignitionOn:shared', 'bob:ignitionOn:shared', 'carol:ignitionOn:shared']);
  });

  it('delivers a device-linked notification only for that device', async () => {
    expect(await raise('fleet', 'ignitionOff')).toEqual(['alice:ignitionOff:fleet']);
    expect(await raise('shared', 'ignitionOff')).toEqual([]);
  });

  it('delivers a notification linked to an ancestor group for the devices below it', async () => {
    expect(await raise('fleet', 'deviceOnline')).toEqual(['alice:deviceOnline:fleet']);
    expect(await raise('shared', 'deviceOnline')).toEqual([]);
  });

  it('never reaches a user who cannot see the device, even through a notification linked to it', async () => {
    expect(await raise('fleet', 'deviceStopped')).toEqual([]);
  });

  it('delivers alarms only of the kinds the notification lists', async () => {
    expect(await raise('fleet', 'alarm', { alarm: 'sos' })).toEqual(['alice:alarm:sos:fleet']);
    expect(await raise('fleet', 'alarm', { alarm: 'lowBattery' })).toEqual([]);
  });

  it('respects the notification calendar', async () => {
    expect(await raise('fleet', 'deviceOffline')).toEqual(['alice:deviceOffline:fleet']);
    expect(await raise('fleet', 'deviceUnknown')).toEqual([]);
  });

  it('skips disabled users', async () => {
    const account = (await admin.get(`/api/users/${carol.user.id}`)).json();
    expect((await admin.put(`/api/users/${carol.user.id}`, { ...account, disabled: true })).statusCode).toBe(200);
    expect(await raise('shared', 'ignitionOn')).toEqual(['alice:ignitionOn:shared', 'bob:ignitionOn:shared']);
  });

  it('follows notifications created, edited, linked and unlinked after the device already raised events', async () => {
    expect(await raise('bobs', 'geofenceEnter')).toEqual([]);
    const created = await notification(bob, { type: 'geofenceEnter', always: true });
    expect(await raise('bobs', 'geofenceEnter')).toEqual(['bob:geofenceEnter:bobs']);
    const stored = (await bob.get(`/api/notifications/${created}`)).json();
    expect((await bob.put(`/api/notifications/${created}`, { ...stored, type: 'geofenceExit' })).statusCode).toBe(200);
    expect(await raise('bobs', 'geofenceEnter')).toEqual([]);
    expect(await raise('bobs', 'geofenceExit')).toEqual(['bob:geofenceExit:bobs']);
    expect((await bob.put(`/api/notifications/${created}`, { ...stored, type: 'geofenceExit', always: false })).statusCode).toBe(200);
    expect(await raise('bobs', 'geofenceExit')).toEqual([]);
    await link(bob, { deviceId: ids.bobs!, notificationId: created });
    expect(await raise('bobs', 'geofenceExit')).toEqual(['bob:geofenceExit:bobs']);
    expect((await bob.delete('/api/permissions', { deviceId: ids.bobs, notificationId: created })).statusCode).toBe(204);
    expect(await raise('bobs', 'geofenceExit')).toEqual([]);
  });

  it('notifies nobody of events older than the time threshold', async () => {
    const device = (await server.ctx.repos.devices.findById(ids.fleet!)) as Device;
    delivered = [];
    await server.ctx.events.raise(device, [deviceEvent('ignitionOn', server.ctx.now() - 16 * 60_000)]);
    await server.ctx.notifications.idle();
    expect(delivered).toEqual([]);
  });

  it('notifies of events the pipeline raises from positions, with the message in the pushed event', async () => {
    const pushed: Event[] = [];
    server.ctx.broadcaster.subscribe((message) => {
      if (message.kind === 'event' && message.userId === alice.user.id && message.event.attributes.message) pushed.push(message.event);
    });
    const now = Date.now();
    const decoded = (offset: number, ignition: boolean) => ({
      uniqueId: 'fleet-1', protocol: 'osmand', deviceTime: now - offset, fixTime: now - offset, valid: true, hasLocation: true,
      latitude: 28.61, longitude: 77.2, altitude: 0, speed: 0, course: 0, accuracy: 0, network: null, attributes: { ignition },
    });
    await server.ctx.ingest.ingest(decoded(2000, false));
    await server.ctx.ingest.ingest(decoded(1000, true));
    await vi.waitFor(() => expect(pushed).toHaveLength(1));
    expect(pushed[0]).toMatchObject({ type: 'ignitionOn', deviceId: ids.fleet, attributes: { message: expect.stringMatching(/^Fleet truck ignition ON at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) } });
  });
});
