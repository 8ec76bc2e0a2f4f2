import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, bootstrapAdmin, cookieOf, login, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const form = (fields: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

describe.each(testDatabases())('sessions and tokens on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer(database, { LOGIN_MAX_FAILURES: '3' });
    admin = await bootstrapAdmin(server.app);
  });
  afterAll(() => server.close());

  it('answers 404 without a session and the user with one', async () => {
    expect((await anonymous(server.app).get('/api/session')).statusCode).toBe(404);
    const response = await admin.get('/api/session');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'admin@example.com', administrator: true, password: null });
  });

  it('logs in with a form body, sets an HttpOnly cookie and a new session id each time', async () => {
    const first = await server.app.inject({ method: 'POST', url: '/api/session', ...form({ email: 'ADMIN@example.com ', password: 'admin-password' }) });
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'JSESSIONID');
    expect(cookie?.httpOnly).toBe(true);
    const second = await server.app.inject({ method: 'POST', url: '/api/session', headers: { ...form({}).headers, cookie: cookieOf(first) }, payload: 'email=admin%40example.com&password=admin-password' });
    expect(cookieOf(second)).not.toBe(cookieOf(first));
    expect((await server.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: cookieOf(first) } })).statusCode).toBe(404);
  });

  it('refuses a JSON login body with 415 and wrong passwords with 401', async () => {
    const json = await server.app.inject({ method: 'POST', url: '/api/session', payload: { email: 'admin@example.com', password: 'admin-password' } });
    expect(json.statusCode).toBe(415);
    const wrong = await server.app.inject({ method: 'POST', url: '/api/session', ...form({ email: 'admin@example.com', password: 'nope' }) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.cookies).toHaveLength(0);
  });

  it('throttles repeated failures for one account with 429 and Retry-After', async () => {
    await admin.post('/api/users', { name: 'Target', email: 'target@example.com', password: 'right-password' });
    const attempt = () => server.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '10.0.0.9', ...form({ email: 'target@example.com', password: 'guess' }) });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const locked = await attempt();
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const evenRight = await server.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '10.0.0.10', ...form({ email: 'target@example.com', password: 'right-password' }) });
    expect(evenRight.statusCode).toBe(429);
  });

  it('logs out: the cookie stops working', async () => {
    const client = await login(server.app, 'admin@example.com', 'admin-password');
    expect((await client.delete('/api/session')).statusCode).toBe(204);
    expect((await client.get('/api/devices')).statusCode).toBe(401);
    expect((await client.get('/api/session')).statusCode).toBe(404);
  });

  it('issues tokens usable as Bearer, as ?token= login and on the socket, and revokes them', async () => {
    const tokenResponse = await admin.post('/api/session/token');
    expect(tokenResponse.statusCode).toBe(200);
    const token = tokenResponse.body;
    expect(token).toMatch(/^[\w-]{20,}$/);
    const bearer = await server.app.inject({ method: 'GET', url: '/api/devices', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(200);
    const tokenLogin = await server.app.inject({ method: 'GET', url: `/api/session?token=${token}` });
    expect(tokenLogin.statusCode).toBe(200);
    expect(tokenLogin.json().email).toBe('admin@example.com');
    expect((await server.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: cookieOf(tokenLogin) } })).statusCode).toBe(200);
    const revoke = await server.app.inject({ method: 'POST', url: '/api/session/token/revoke', headers: { cookie: admin.cookie, ...form({}).headers }, payload: `token=${token}` });
    expect(revoke.statusCode).toBe(204);
    expect((await server.app.inject({ method: 'GET', url: '/api/devices', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: `/api/session?token=${token}` })).statusCode).toBe(401);
  });

  it('honours a requested token expiration and refuses past or malformed ones', async () => {
    const past = await server.app.inject({ method: 'POST', url: '/api/session/token', headers: { cookie: admin.cookie, ...form({}).headers }, payload: 'expiration=2000-01-01T00%3A00%3A00Z' });
    expect(past.statusCode).toBe(400);
    const bad = await server.app.inject({ method: 'POST', url: '/api/session/token', headers: { cookie: admin.cookie, ...form({}).headers }, payload: 'expiration=tomorrow' });
    expect(bad.statusCode).toBe(400);
    const soon = new Date(Date.now() + 3600_000).toISOString();
    const ok = await server.app.inject({ method: 'POST', url: '/api/session/token', headers: { cookie: admin.cookie, ...form({}).headers }, payload: `expiration=${encodeURIComponent(soon)}` });
    expect(ok.statusCode).toBe(200);
  });

  it('accepts Basic authentication on any endpoint without creating a session', async () => {
    const basic = `Basic ${Buffer.from('admin@example.com:admin-password').toString('base64')}`;
    const response = await server.app.inject({ method: 'GET', url: '/api/devices', headers: { authorization: basic } });
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toHaveLength(0);
    const wrong = `Basic ${Buffer.from('admin@example.com:nope').toString('base64')}`;
    expect((await server.app.inject({ method: 'GET', url: '/api/devices', headers: { authorization: wrong } })).statusCode).toBe(401);
  });

  it('asks browsers for Basic credentials only when they want HTML', async () => {
    const html = await server.app.inject({ method: 'GET', url: '/api/devices', headers: { accept: 'text/html' } });
    expect(html.headers['www-authenticate']).toBe('Basic realm="api"');
    const json = await server.app.inject({ method: 'GET', url: '/api/devices', headers: { accept: 'application/json' } });
    expect(json.headers['www-authenticate']).toBeUndefined();
  });

  it('lets administrators and managers log in as the users they manage', async () => {
    const manager = await login(server.app, 'admin@example.com', 'admin-password').then(async (a) => {
      await a.post('/api/users', { name: 'Boss', email: 'boss@example.com', password: 'boss-password', userLimit: 3 });
      return login(server.app, 'boss@example.com', 'boss-password');
    });
    const managed = (await manager.post('/api/users', { name: 'Worker', email: 'worker@example.com', password: 'worker-password' })).json();
    const stranger = (await admin.post('/api/users', { name: 'Stranger', email: 'stranger@example.com', password: 'x-password' })).json();
    const as = await manager.get(`/api/session/${managed.id}`);
    expect(as.statusCode).toBe(200);
    expect(as.json().email).toBe('worker@example.com');
    const session = await server.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: cookieOf(as) } });
    expect(session.json().email).toBe('worker@example.com');
    // the manager's own session was replaced by the worker's
    expect((await manager.get('/api/session')).statusCode).toBe(404);
    const managerAgain = await login(server.app, 'boss@example.com', 'boss-password');
    expect((await managerAgain.get(`/api/session/${stranger.id}`)).statusCode).toBe(403);
    const worker = await login(server.app, 'worker@example.com', 'worker-password');
    expect((await worker.get(`/api/session/${manager.user.id}`)).statusCode).toBe(403);
  });

  it('refuses cookie sessions presented from a foreign origin', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: admin.cookie, origin: 'https://evil.example', host: 'localhost:8082' } });
    expect(response.statusCode).toBe(401);
  });
});

describe.each(testDatabases())('administrator from the environment on $name', (database) => {
  it('creates ADMIN_EMAIL/ADMIN_PASSWORD at first start', async () => {
    const server = await startTestServer(database, { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password' });
    try {
      const boss = await login(server.app, 'boss@example.com', 'boss-password');
      expect(boss.user.administrator).toBe(true);
      const server1 = (await anonymous(server.app).get('/api/server')).json();
      expect(server1.newServer).toBe(false);
      const register = await anonymous(server.app).post('/api/users', { name: 'Eve', email: 'eve@example.com', password: 'x' });
      expect(register.statusCode).toBe(403);
    } finally {
      await server.close();
    }
  });
});
