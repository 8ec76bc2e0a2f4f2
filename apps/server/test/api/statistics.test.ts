import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { anonymous, bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const RANGE = 'from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z';
const form = (fields: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

describe.each(testDatabases())('statistics capture on $name', (database) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Client;
  let user: Client;

  const osmand = (query: string) => server.app.inject({ method: 'POST', url: '/', ...form(Object.fromEntries(new URLSearchParams(query))) });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer(database, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'tracklane@example.com' });
    admin = await bootstrapAdmin(server.app);
    user = await createUser(admin, server.app, { email: 'driver@example.com' });
    expect((await user.post('/api/devices', { name: 'Truck', uniqueId: 'stat-1' })).statusCode).toBe(200);
    expect((await user.post('/api/devices', { name: 'Idle van', uniqueId: 'stat-2' })).statusCode).toBe(200);
    // everything the setup did goes into a first row
    await server.ctx.statisticsCapture.capture();
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('writes one row with the activity since the last capture, readable by an administrator', async () => {
    // 5 API requests: 2 by the user, 1 by the administrator, 2 anonymous (one of them mails a reset link)
    expect((await user.get('/api/devices')).statusCode).toBe(200);
    expect((await user.get('/api/server')).statusCode).toBe(200);
    expect((await admin.get('/api/users')).statusCode).toBe(200);
    expect((await anonymous(server.app).get('/api/devices')).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: '/api/password/reset', ...form({ email: 'driver@example.com' }) })).statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
    // 3 OsmAnd messages: two positions of one known device, one from a device nobody registered
    expect((await osmand('id=stat-1&lat=52.52&lon=13.40&timestamp=2024-05-01T10:00:00Z')).statusCode).toBe(200);
    expect((await osmand('id=stat-1&lat=52.53&lon=13.41&timestamp=2024-05-01T10:01:00Z')).statusCode).toBe(200);
    expect((await osmand('id=unknown-9&lat=1&lon=2')).statusCode).toBe(400);

    const before = Date.now();
    const id = await server.ctx.statisticsCapture.capture();
    const after = Date.now();

    const response = await admin.get(`/api/statistics?${RANGE}`);
    expect(response.statusCode).toBe(200);
    const rows = response.json() as { id: number; captureTime: string }[];
    expect(rows).toHaveLength(2);
    const row = rows[1]!;
    expect(row).toEqual({
      id,
      attributes: {},
      captureTime: expect.any(String),
      activeUsers: 2,
      activeDevices: 1,
      requests: 5,
      messagesReceived: 3,
      messagesStored: 2,
      mailSent: 1,
      smsSent: 0,
      geocoderRequests: 0,
      geolocationRequests: 0,
      protocols: { osmand: 3 },
    });
    expect(Date.parse(row.captureTime)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(row.captureTime)).toBeLessThanOrEqual(after);
    expect(Date.parse(rows[0]!.captureTime)).toBeLessThanOrEqual(Date.parse(row.captureTime));
    // the rows of the period asked for only
    const narrow = await admin.get(`/api/statistics?from=${encodeURIComponent(new Date(before).toISOString())}&to=${encodeURIComponent(new Date(after + 1).toISOString())}`);
    expect((narrow.json() as { id: number }[]).map((r) => r.id)).toEqual([id]);
  });

  it('starts counting again from zero after a capture', async () => {
    await server.ctx.statisticsCapture.capture();
    const id = await server.ctx.statisticsCapture.capture();
    const rows = (await admin.get(`/api/statistics?${RANGE}`)).json() as { id: number; requests: number; activeUsers: number; messagesReceived: number; protocols: unknown }[];
    expect(rows.find((r) => r.id === id)).toMatchObject({ requests: 0, activeUsers: 0, messagesReceived: 0, protocols: null });
  });

  it('refuses the statistics to a plain user (403) and to anonymous callers (401)', async () => {
    expect((await user.get(`/api/statistics?${RANGE}`)).statusCode).toBe(403);
    expect((await anonymous(server.app).get(`/api/statistics?${RANGE}`)).statusCode).toBe(401);
  });
});
