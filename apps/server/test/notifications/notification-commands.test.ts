import type { Device, Event } from '@tracklane/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases())('the command channel of notifications on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let clock = Math.floor(Date.now() / 1000) - 600;

  /** A report of the phone, a minute after the last; the text Traccar Client gets back. */
  const report = async (uniqueId: string, extra: Record<string, string> = {}) => {
    clock += 60;
    const form = new URLSearchParams({ id: uniqueId, lat: '28.61', lon: '77.2', timestamp: String(clock), ...extra }).toString();
    const answer = await server.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
  });
  afterAll(() => server.close());

  it("sends the notification's saved command to the device whose event matched it, once however many users it notifies", async () => {
    const deviceId = (await admin.post('/api/devices', { name: 'Courier', uniqueId: 'courier-1' })).json().id as number;
    await admin.post('/api/devices', { name: 'Other', uniqueId: 'courier-2' });
    const commandId = (await admin.post('/api/commands', { type: 'custom', description: 'Call base', attributes: { data: 'call base, {uniqueId}' } })).json().id as number;
    const notification = await admin.post('/api/notifications', { type: 'alarm', notificators: 'web,command', commandId, always: false, attributes: { alarms: 'sos' } });
    const notificationId = notification.json().id as number;
    expect((await admin.post('/api/permissions', { deviceId, notificationId })).statusCode).toBe(204);
    // a second user notified by it too
    const dispatcher = await createUser(admin, server.app, { email: 'dispatcher@example.com' });
    for (const link of [{ deviceId }, { notificationId }]) expect((await admin.post('/api/permissions', { userId: dispatcher.user.id, ...link })).statusCode).toBe(204);
    await report('courier-1');
    await report('courier-2');

    await report('courier-1', { alarm: 'sos' });
    // the other device's alarm matches no notification of its own
    await report('courier-2', { alarm: 'sos' });
    await server.ctx.notifications.idle();

    expect(await report('courier-1')).toBe('call base, courier-1');
    expect(await report('courier-1')).toBe('');
    expect(await report('courier-2')).toBe('');
  });

  it('counts an event still finding who follows its device as not yet handled, so the command is queued once idle', async () => {
    const device = (await admin.post('/api/devices', { name: 'Van', uniqueId: 'van-1' })).json() as Device;
    const commandId = (await admin.post('/api/commands', { type: 'custom', description: 'Stop', attributes: { data: 'stop, {uniqueId}' } })).json().id as number;
    const notificationId = (await admin.post('/api/notifications', { type: 'alarm', notificators: 'command', commandId, always: false, attributes: { alarms: 'sos' } })).json().id as number;
    expect((await admin.post('/api/permissions', { deviceId: device.id, notificationId })).statusCode).toBe(204);
    await report('van-1');
    const alarm: Event = { id: 0, type: 'alarm', eventTime: new Date().toISOString(), deviceId: device.id, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: { alarm: 'sos' } };
    // the device's followers are not known yet: the announcement asks the database before the listeners hear of it
    void server.ctx.processing.events.announce([alarm], device);
    await server.ctx.notifications.idle();

    expect(await report('van-1')).toBe('stop, van-1');
  });
});
