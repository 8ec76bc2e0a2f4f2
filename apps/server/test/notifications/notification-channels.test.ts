import { generateKeyPairSync, verify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Device } from '@tracklane/domain';
import { deviceEvent } from '../../src/processing/events/pending-event.js';
import { startHttpSink, type ReceivedRequest } from '../helpers/http-sink.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

/** Quoted-printable soft breaks and escapes undone, so mail text can be searched. */
const decodeMail = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (encoded) => Buffer.from(encoded.replace(/=/g, ''), 'hex').toString('utf8'));

const DIGEST = /^Truck 7 ignition ON at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe.each(testDatabases())('notification channels on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let driver: Client;
  let device: Device;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let ownSmtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let sms: Awaited<ReturnType<typeof startHttpSink>>;
  let fcm: Awaited<ReturnType<typeof startHttpSink>>;
  let smsFailures = 0;
  /** Every access-token request FCM's token endpoint received, kept across tests. */
  const tokenBodies: string[] = [];
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-fcm-'));

  const fcmRequests = () => fcm.received.filter((request) => request.url.includes('messages:send'));
  const raiseIgnition = async () => {
    await server.ctx.events.raise(device, [deviceEvent('ignitionOn', server.ctx.now())]);
    await server.ctx.notifications.idle();
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    ownSmtp = await startSmtpSink();
    sms = await startHttpSink((_request, index) => (index < smsFailures ? { status: 503, body: { error: 'busy' } } : { status: 200, body: { ok: true } }));
    fcm = await startHttpSink((request) => {
      if (request.url === '/token') {
        tokenBodies.push(request.body);
        return { status: 200, body: { access_token: 'access-1', expires_in: 3600 } };
      }
      const token = (JSON.parse(request.body) as { message: { token: string } }).message.token;
      return token === 'gone-token' ? { status: 404, body: { error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } } } : { status: 200, body: { name: 'projects/demo/messages/1' } };
    });
    const accountFile = path.join(folder, 'service-account.json');
    fs.writeFileSync(accountFile, JSON.stringify({
      type: 'service_account', project_id: 'demo-project', client_email: 'push@demo-project.iam.example.com',
      private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }), token_uri: `${fcm.url}/token`,
    }));
    server = await startTestServer(database, {
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'tracklane@example.com',
      SMS_HTTP_URL: `${sms.url}/send?to={phone}`, SMS_HTTP_AUTHORIZATION: 'Bearer sms-key',
      FIREBASE_SERVICE_ACCOUNT: accountFile, FIREBASE_URL: `${fcm.url}/v1/projects/{projectId}/messages:send`,
      NOTIFICATION_RETRIES: '3', NOTIFICATION_RETRY_DELAY: '20', WEB_URL: 'https://track.example.com',
    });
    admin = await bootstrapAdmin(server.app);
    driver = await createUser(admin, server.app, {
      email: 'driver@example.com', phone: '+91 98765 43210', attributes: { notificationTokens: 'good-token,gone-token' },
    });
    const created = (await admin.post('/api/devices', { name: 'Truck 7', uniqueId: 'truck-7' })).json();
    expect((await admin.post('/api/permissions', { userId: driver.user.id, deviceId: created.id })).statusCode).toBe(204);
    device = (await server.ctx.repos.devices.findById(created.id))!;
    expect((await driver.post('/api/notifications', { type: 'ignitionOn', always: true, notificators: 'web,mail,sms,firebase' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([smtp.close(), ownSmtp.close(), sms.close(), fcm.close()]);
    fs.rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    smsFailures = 0;
    for (const sink of [smtp, ownSmtp, sms, fcm]) sink.received.length = 0;
  });

  it('lists the configured channels', async () => {
    expect((await driver.get('/api/notifications/notificators')).json()).toEqual([{ type: 'web' }, { type: 'mail' }, { type: 'sms' }, { type: 'firebase' }, { type: 'command' }]);
    expect((await driver.get('/api/notifications/notificators?announcement=true')).json()).toEqual([{ type: 'mail' }, { type: 'sms' }, { type: 'firebase' }]);
  });

  it('mails the event to the user through the SMTP server', async () => {
    await raiseIgnition();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['driver@example.com']);
    const mail = decodeMail(smtp.received[0]!.raw);
    expect(mail).toContain('Subject: Truck 7: Ignition on');
    expect(mail).toMatch(/<p>Truck 7 ignition ON at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d<\/p>/);
    expect(mail).toContain('<a href="https://track.example.com">Open Tracklane</a>');
  });

  it('sends the SMS request the gateway expects', async () => {
    await raiseIgnition();
    expect(sms.received).toHaveLength(1);
    const [request] = sms.received as [ReceivedRequest];
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/send?to=%2B91%2098765%2043210');
    expect(request.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer sms-key' });
    const body = JSON.parse(request.body) as { phone: string; message: string };
    expect(Object.keys(body)).toEqual(['phone', 'message']);
    expect(body.phone).toBe('+91 98765 43210');
    expect(body.message).toMatch(DIGEST);
  });

  it('pushes through FCM with a service-account token and drops tokens FCM no longer knows', async () => {
    const account = (await admin.get(`/api/users/${driver.user.id}`)).json();
    const attributes = { ...account.attributes, notificationTokens: 'good-token, gone-token' };
    expect((await admin.put(`/api/users/${driver.user.id}`, { ...account, attributes })).statusCode).toBe(200);
    await raiseIgnition();
    const requests = fcmRequests();
    expect(requests.map((request) => request.url)).toEqual(['/v1/projects/demo-project/messages:send', '/v1/projects/demo-project/messages:send']);
    expect(requests[0]!.headers.authorization).toBe('Bearer access-1');
    const body = JSON.parse(requests[0]!.body);
    expect(body).toEqual({
      message: {
        token: 'good-token',
        notification: { title: 'Truck 7: Ignition on', body: expect.stringMatching(DIGEST) },
        data: { eventId: expect.stringMatching(/^\d+$/) },
        android: { priority: 'normal', notification: { sound: 'default' } },
        apns: { headers: { 'apns-priority': '5' }, payload: { aps: { sound: 'default' } } },
      },
    });
    expect((await server.ctx.repos.users.findById(driver.user.id))!.attributes.notificationTokens).toBe('good-token');
  });

  it('retries a failing channel with backoff without holding up the others', async () => {
    smsFailures = 2;
    await raiseIgnition();
    expect(sms.received).toHaveLength(3);
    expect(new Set(sms.received.map((request) => request.body)).size).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(fcmRequests()).toHaveLength(1);
  });

  it('gives up on a channel after the retries', async () => {
    smsFailures = 100;
    await raiseIgnition();
    expect(sms.received).toHaveLength(4);
    expect(smtp.received).toHaveLength(1);
  });

  it('writes in the user language, time zone and units', async () => {
    const account = (await admin.get(`/api/users/${driver.user.id}`)).json();
    const attributes = { ...account.attributes, language: 'hi', timezone: 'Asia/Kolkata', speedUnit: 'kmh' };
    expect((await admin.put(`/api/users/${driver.user.id}`, { ...account, attributes })).statusCode).toBe(200);
    const overspeed = (await driver.post('/api/notifications', { type: 'deviceOverspeed', always: true, notificators: 'sms' })).json();
    try {
      const eventTime = server.ctx.now();
      await server.ctx.events.raise(device, [deviceEvent('deviceOverspeed', eventTime, { speed: 54, speedLimit: 40 })]);
      await server.ctx.notifications.idle();
      const india = new Date(eventTime + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
      expect(sms.received).toHaveLength(1);
      expect(JSON.parse(sms.received[0]!.body)).toEqual({ phone: '+91 98765 43210', message: `Truck 7 ${india} पर 100.0 किमी/घंटा की गति से गति सीमा पार कर रहा है` });
    } finally {
      await driver.delete(`/api/notifications/${overspeed.id}`);
      expect((await admin.put(`/api/users/${driver.user.id}`, account)).statusCode).toBe(200);
    }
  });

  it('mails through the user own SMTP server when their attributes name one', async () => {
    const account = (await admin.get(`/api/users/${driver.user.id}`)).json();
    const attributes = { ...account.attributes, 'mail.smtp.host': '127.0.0.1', 'mail.smtp.port': ownSmtp.port, 'mail.smtp.from': 'fleet@driver.example.com' };
    expect((await admin.put(`/api/users/${driver.user.id}`, { ...account, attributes })).statusCode).toBe(200);
    try {
      await raiseIgnition();
      expect(smtp.received).toHaveLength(0);
      expect(ownSmtp.received).toHaveLength(1);
      expect(ownSmtp.received[0]!.to).toEqual(['driver@example.com']);
      expect(ownSmtp.received[0]!.raw).toContain('From: fleet@driver.example.com');
    } finally {
      expect((await admin.put(`/api/users/${driver.user.id}`, account)).statusCode).toBe(200);
    }
  });

  it('asks for the access token with a JWT signed by the service account', async () => {
    expect((await driver.post('/api/notifications/test/firebase')).statusCode).toBe(204);
    expect(tokenBodies.length).toBeGreaterThan(0);
    const form = new URLSearchParams(tokenBodies[0]);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims, signature] = form.get('assertion')!.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ iss: 'push@demo-project.iam.example.com', aud: `${fcm.url}/token` });
    expect(verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), keys.publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    // the access token is reused until it is about to expire
    expect(tokenBodies).toHaveLength(1);
  });
});
