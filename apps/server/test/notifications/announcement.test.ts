import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpSink } from '../helpers/http-sink.js';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const RANGE = 'from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z';

describe.each(testDatabases())('announcements on $name', (database) => {
  let server: TestServer;
  let gateway: Awaited<ReturnType<typeof startHttpSink>>;
  let admin: Client;
  let manager: Client;
  let plain: Client;
  let managedId: number;
  let otherId: number;

  const phonesReached = async () => {
    await server.ctx.notifications.idle();
    const reached = gateway.received.map((request) => JSON.parse(request.body) as { phone: string; message: string }).sort((a, b) => a.phone.localeCompare(b.phone));
    gateway.received.length = 0;
    return reached;
  };

  beforeAll(async () => {
    gateway = await startHttpSink();
    server = await startTestServer(database, { SMS_HTTP_URL: `${gateway.url}/send` });
    admin = await bootstrapAdmin(server.app);
    manager = await createUser(admin, server.app, { email: 'manager@example.com', userLimit: 5, phone: '+100' });
    plain = await createUser(admin, server.app, { email: 'plain@example.com', phone: '+200' });
    managedId = (await manager.post('/api/users', { name: 'Managed', email: 'managed@example.com', password: 'managed-password', phone: '+300' })).json().id;
    otherId = plain.user.id;
    await server.ctx.statisticsCapture.capture();
  });
  afterAll(async () => {
    await server.close();
    await gateway.close();
  });

  it('lets a manager text the users they manage, and only those', async () => {
    expect((await manager.post('/api/notifications/send/sms', { body: 'Depot closed tomorrow' })).statusCode).toBe(204);
    expect(await phonesReached()).toEqual([{ phone: '+300', message: 'Depot closed tomorrow' }]);
    expect((await manager.post(`/api/notifications/send/sms?userId=${otherId}`, { body: 'x' })).statusCode).toBe(403);
    expect((await plain.post('/api/notifications/send/sms', { body: 'x' })).statusCode).toBe(403);
    expect(await phonesReached()).toEqual([]);
  });

  it('lets an administrator reach everyone or the users named, with the digest as the SMS text', async () => {
    expect((await admin.post(`/api/notifications/send/sms?userId=${otherId}&userId=${managedId}`, { subject: 'Notice', digest: 'Short', body: '<p>Long</p>' })).statusCode).toBe(204);
    expect(await phonesReached()).toEqual([{ phone: '+200', message: 'Short' }, { phone: '+300', message: 'Short' }]);
    expect((await admin.post('/api/notifications/send/sms', { body: 'All hands' })).statusCode).toBe(204);
    // the administrator has no phone number and is skipped, as SMS notifications skip such users
    expect((await phonesReached()).map((sms) => sms.phone)).toEqual(['+100', '+200', '+300']);
  });

  it('counts every SMS sent in the day statistics', async () => {
    await server.ctx.statisticsCapture.capture();
    const rows = (await admin.get(`/api/statistics?${RANGE}`)).json() as { smsSent: number }[];
    expect(rows.at(-1)).toMatchObject({ smsSent: 6 });
  });

  it('refuses channels that are not configured, web, and bodies without text', async () => {
    expect((await admin.post('/api/notifications/send/mail', { body: 'x' })).statusCode).toBe(400);
    expect((await admin.post('/api/notifications/send/web', { body: 'x' })).statusCode).toBe(400);
    expect((await admin.post('/api/notifications/send/sms', { subject: 'no body' })).statusCode).toBe(400);
    expect((await admin.post('/api/notifications/send/sms', { body: 'x', extra: 1 })).statusCode).toBe(400);
    expect(await phonesReached()).toEqual([]);
  });
});
