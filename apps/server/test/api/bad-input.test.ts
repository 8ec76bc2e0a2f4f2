import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases())('bad input on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
  });
  afterAll(() => server.close());

  const raw = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: string, contentType = 'application/json') =>
    server.app.inject({ method, url, headers: { cookie: admin.cookie, 'content-type': contentType }, ...(payload === undefined ? {} : { payload }) });

  it.each([
    ['malformed JSON', () => raw('POST', '/api/devices', '{"name": "x", ')],
    ['a JSON array for an object', () => raw('POST', '/api/devices', '[1,2]')],
    ['a wrong type', () => admin.post('/api/devices', { name: 'x', uniqueId: 'x', groupId: 'first' })],
    ['an unknown property', () => admin.post('/api/devices', { name: 'x', uniqueId: 'x', colour: 'red' })],
    ['an empty name', () => admin.post('/api/devices', { name: '', uniqueId: 'x' })],
    ['a bad date', () => admin.post('/api/devices', { name: 'x', uniqueId: 'x', expirationTime: 'next week' })],
    ['a non-numeric id', () => admin.get('/api/devices/abc')],
    ['a bad query date', () => admin.get('/api/positions?deviceId=1&from=yesterday&to=2024-01-01T00:00:00Z')],
    ['a date without offset', () => admin.get('/api/statistics?from=2024-01-01T00:00:00&to=2024-01-02T00:00:00Z')],
    ['an inverted range', () => admin.get('/api/statistics?from=2024-02-01T00:00:00Z&to=2024-01-01T00:00:00Z')],
    ['a body id that differs from the path', () => admin.put('/api/groups/1', { id: 2, name: 'x' })],
    ['a reference to a missing group', () => admin.post('/api/devices', { name: 'x', uniqueId: 'x', groupId: 424242 })],
    ['a negative limit', () => admin.get('/api/devices?limit=-5')],
  ])('refuses %s with a 4xx and a short JSON message, storing nothing', async (_name, call) => {
    const response = await call();
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = response.json();
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeLessThan(300);
    expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect((await admin.get('/api/devices?all=true')).json()).toEqual([]);
  });

  it('refuses an oversized body with 413', async () => {
    const huge = JSON.stringify({ name: 'x', uniqueId: 'x', attributes: { blob: 'a'.repeat(2 * 1024 * 1024) } });
    expect((await raw('POST', '/api/devices', huge)).statusCode).toBe(413);
  });

  it('refuses an unsupported content type with 415', async () => {
    expect((await raw('POST', '/api/devices', '<device/>', 'application/xml')).statusCode).toBe(415);
  });

  it('answers unknown API paths with 404 JSON, even for anonymous callers', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBeTruthy();
  });

  it('rolls back a multi-step write that fails half way', async () => {
    const before = (await admin.get('/api/users')).json().length;
    const broken = server.ctx.repos.links.add;
    server.ctx.repos.links.add = async () => {
      throw new Error('disk full');
    };
    try {
      const response = await admin.post('/api/groups', { name: 'Half written' });
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe('Internal server error');
    } finally {
      server.ctx.repos.links.add = broken;
    }
    expect((await admin.get('/api/groups?all=true')).json()).toEqual([]);
    expect((await admin.get('/api/users')).json()).toHaveLength(before);
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.components.schemas.Device.properties.uniqueId.type).toBe('string');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/devices', '/api/devices/{id}', '/api/session', '/api/permissions', '/api/positions']));
  });

  it('reports health', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK');
  });
});
