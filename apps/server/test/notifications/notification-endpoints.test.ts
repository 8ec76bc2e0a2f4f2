import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '@tracklane/domain';
import { startHttpSink } from '../helpers/http-sink.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { anonymous, bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases())('notification test endpoints on $name', (database) => {
  let server: TestServer;
  let user: Client;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let sms: Awaited<ReturnType<typeof startHttpSink>>;
  let smsStatus = 200;
  const pushed: Event[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    sms = await startHttpSink(() => ({ status: smsStatus }));
    server = await startTestServer(database, {
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'tracklane@example.com',
      SMS_HTTP_URL: `${sms.url}/send`, SMS_HTTP_TEMPLATE: 'to={phone}&text={message}', NOTIFICATION_RETRY_DELAY: '10',
    });
    const admin = await bootstrapAdmin(server.app);
    user = await createUser(admin, server.app, { email: 'tester@example.com', phone: '+15550001' });
    server.ctx.broadcaster.subscribe((message) => {
      if (message.kind === 'event' && message.userId === user.user.id) pushed.push(message.event);
    });
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([smtp.close(), sms.close()]);
  });
  beforeEach(() => {
    smsStatus = 200;
    smtp.received.length = 0;
    sms.received.length = 0;
    pushed.length = 0;
  });

  it('sends a test message through every configured channel to the caller', async () => {
    expect((await user.post('/api/notifications/test')).statusCode).toBe(204);
    expect(pushed).toEqual([expect.objectContaining({ id: 0, type: 'test', attributes: { message: 'Test notification from Tracklane' } })]);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['tester@example.com']]);
    expect(smtp.received[0]!.raw).toContain('Subject: Test notification');
    expect(sms.received.map((request) => [request.headers['content-type'], request.body])).toEqual([
      ['application/x-www-form-urlencoded', 'to=%2B15550001&text=Test%20notification%20from%20Tracklane'],
    ]);
  });

  it('sends through one named channel only', async () => {
    expect((await user.post('/api/notifications/test/sms')).statusCode).toBe(204);
    expect(sms.received).toHaveLength(1);
    expect(smtp.received).toHaveLength(0);
    expect(pushed).toHaveLength(0);
  });

  it('answers 400 for a channel that is unknown or not configured', async () => {
    const firebase = await user.post('/api/notifications/test/firebase');
    expect(firebase.statusCode).toBe(400);
    expect(firebase.json().message).toBe('Unknown or disabled notificator: firebase');
    expect((await user.post('/api/notifications/test/pigeon')).statusCode).toBe(400);
    const command = await user.post('/api/notifications/test/command');
    expect(command.statusCode).toBe(400);
    expect(command.json().message).toMatch(/^The command channel sends a notification's saved command to the device of each event/);
  });

  it('answers 400 naming the failed channel, after delivering through the others', async () => {
    smsStatus = 500;
    const response = await user.post('/api/notifications/test');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Test notification failed (sms: SMS gateway answered 500)');
    expect(sms.received).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
    expect(pushed).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    expect((await anonymous(server.app).post('/api/notifications/test')).statusCode).toBe(401);
  });
});

describe.each(testDatabases())('notification channels without configuration on $name', (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server.close());

  it('offers only the web channel and tests it', async () => {
    const admin = await bootstrapAdmin(server.app);
    expect((await admin.get('/api/notifications/notificators')).json()).toEqual([{ type: 'web' }, { type: 'command' }]);
    expect((await admin.get('/api/server')).json()).toMatchObject({ emailEnabled: false, textEnabled: false });
    expect((await admin.post('/api/notifications/test')).statusCode).toBe(204);
    expect((await admin.post('/api/notifications/test/mail')).statusCode).toBe(400);
  });
});
