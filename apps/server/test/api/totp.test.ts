import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, bootstrapAdmin, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const codeFor = (key: string, at = Date.now()) => new TOTP({ secret: key, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

/** A code made for "the step before" turns into two steps old if a step ends while the login is checked; start well inside one. */
const wellInsideStep = async () => {
  const leftOfStep = 30_000 - (Date.now() % 30_000);
  if (leftOfStep < 5_000) await new Promise((resolve) => setTimeout(resolve, leftOfStep + 100));
};

describe.each(testDatabases())('two-factor login on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let key: string;

  const loginWith = (fields: Record<string, string>) =>
    server.app.inject({ method: 'POST', url: '/api/session', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
  });
  afterAll(() => server.close());

  it('hands out a secret only when the server enables two-factor authentication', async () => {
    expect((await anonymous(server.app).post('/api/users/totp')).statusCode).toBe(400);
    const settings = (await admin.get('/api/server')).json();
    expect((await admin.put('/api/server', { ...settings, attributes: { totpEnable: true } })).statusCode).toBe(200);
    const response = await anonymous(server.app).post('/api/users/totp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    key = response.body;
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect((await anonymous(server.app).post('/api/users/totp')).body).not.toBe(key);
  });

  it('asks a user with a key for the code, refuses a wrong one and accepts the current one', { timeout: 20_000 }, async () => {
    expect((await admin.post('/api/users', { name: 'Two', email: 'two@example.com', password: 'two-password', totpKey: key })).statusCode).toBe(200);
    const missing = await loginWith({ email: 'two@example.com', password: 'two-password' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('TOTP');
    const current = codeFor(key);
    const wrong = String((Number(current) + 500_000) % 1_000_000).padStart(6, '0');
    expect((await loginWith({ email: 'two@example.com', password: 'two-password', code: wrong })).statusCode).toBe(400);
    expect((await loginWith({ email: 'two@example.com', password: 'wrong-password', code: current })).statusCode).toBe(401);
    const ok = await loginWith({ email: 'two@example.com', password: 'two-password', code: current });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('two@example.com');
    // the step before still counts (a code typed just as it changed)
    await wellInsideStep();
    expect((await loginWith({ email: 'two@example.com', password: 'two-password', code: codeFor(key, Date.now() - 30_000) })).statusCode).toBe(200);
    expect((await loginWith({ email: 'two@example.com', password: 'two-password', code: codeFor(key, Date.now() - 120_000) })).statusCode).toBe(400);
  });

  it('keeps Basic authentication closed to accounts with a second factor', async () => {
    const basic = (credentials: string) => server.app.inject({ method: 'GET', url: '/api/devices', headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` } });
    expect((await basic('two@example.com:two-password')).statusCode).toBe(401);
    expect((await basic('admin@example.com:admin-password')).statusCode).toBe(200);
  });
});
