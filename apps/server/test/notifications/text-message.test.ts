import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpSink } from '../helpers/http-sink.js';
import { openLiveSocket } from '../helpers/live-socket.js';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const RANGE = 'from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z';

describe.each(testDatabases())('text messages from trackers on $name', (database) => {
  let server: TestServer;
  let gateway: Awaited<ReturnType<typeof startHttpSink>>;
  let admin: Client;
  let driver: Client;
  let stranger: Client;
  let token: string;
  let socketUrl: string;
  let deviceId: number;

  const inbound = (payload: string, contentType: string, bearer = token) =>
    server.app.inject({ method: 'POST', url: '/api/sms/inbound', headers: { 'content-type': contentType, authorization: `Bearer ${bearer}` }, payload });

  beforeAll(async () => {
    gateway = await startHttpSink();
    server = await startTestServer(database, { SMS_HTTP_URL: `${gateway.url}/send` });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    socketUrl = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/socket`;
    admin = await bootstrapAdmin(server.app);
    driver = await createUser(admin, server.app, { email: 'driver@example.com', phone: '+44 7700 900123' });
    stranger = await createUser(admin, server.app, { email: 'stranger@example.com' });
    deviceId = (await driver.post('/api/devices', { name: 'Van 3', uniqueId: 'sms-1', phone: '+91 98765 43210' })).json().id;
    await stranger.post('/api/devices', { name: 'Other', uniqueId: 'sms-2', phone: '+91 11111 11111' });
    expect((await driver.post('/api/notifications', { type: 'textMessage', always: true, notificators: 'web,sms' })).statusCode).toBe(200);
    token = (await admin.post('/api/session/token')).body;
    await server.ctx.statisticsCapture.capture();
  });
  afterAll(async () => {
    await server.close();
    await gateway.close();
  });

  it('turns an SMS from a device phone into a textMessage event: stored, pushed to its users only, notified', async () => {
    const driverSocket = await openLiveSocket(socketUrl, driver.cookie);
    const strangerSocket = await openLiveSocket(socketUrl, stranger.cookie);
    // the gateway may write the number its own way
    const response = await inbound(new URLSearchParams({ phone: '+919876543210', message: 'Door open' }).toString(), 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([expect.objectContaining({ type: 'textMessage', deviceId, positionId: 0, attributes: { message: 'Door open' } })]);

    const stored = (await driver.get(`/api/reports/events?deviceId=${deviceId}&${RANGE}`)).json();
    expect(stored).toEqual([expect.objectContaining({ type: 'textMessage', attributes: { message: 'Door open' } })]);
    const pushed = await driverSocket.waitFor((m) => Array.isArray(m.events) && (m.events as { attributes: { message?: string } }[]).some((e) => e.attributes.message?.includes('Van 3 sent a message')));
    expect(pushed).toBeDefined();
    await server.ctx.notifications.idle();
    expect(gateway.received.map((request) => JSON.parse(request.body))).toEqual([{ phone: '+44 7700 900123', message: expect.stringMatching(/^Van 3 sent a message at .*: Door open$/) }]);
    expect(strangerSocket.messages.filter((m) => 'events' in m)).toEqual([]);
    driverSocket.close();
    strangerSocket.close();
  });

  it('counts the notification SMS in the statistics', async () => {
    await server.ctx.statisticsCapture.capture();
    expect((await admin.get(`/api/statistics?${RANGE}`)).json().at(-1)).toMatchObject({ smsSent: 1 });
  });

  it('takes JSON too, ignores numbers no device has and refuses callers that are not administrators', async () => {
    expect((await inbound(JSON.stringify({ phone: '+1 555 0000', message: 'Who am I' }), 'application/json')).json()).toEqual([]);
    const driverToken = (await driver.post('/api/session/token')).body;
    expect((await inbound(JSON.stringify({ phone: '+919876543210', message: 'x' }), 'application/json', driverToken)).statusCode).toBe(403);
    expect((await inbound(JSON.stringify({ phone: '+919876543210' }), 'application/json')).statusCode).toBe(400);
    expect((await server.app.inject({ method: 'POST', url: '/api/sms/inbound', payload: { phone: '+919876543210', message: 'x' } })).statusCode).toBe(401);
    expect((await driver.get(`/api/reports/events?deviceId=${deviceId}&${RANGE}`)).json()).toHaveLength(1);
  });
});
