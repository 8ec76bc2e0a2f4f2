import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases().slice(0, 1))('request ids on $name', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server.close());

  it('answers every request with its id, keeping a proxy\'s X-Request-Id and replacing one that is not an id', async () => {
    const forwarded = await server.app.inject({ method: 'GET', url: '/api/server', headers: { 'x-request-id': 'edge-7f3a:42' } });
    expect(forwarded.headers['x-request-id']).toBe('edge-7f3a:42');

    const own = await server.app.inject({ method: 'GET', url: '/api/session' });
    expect(own.statusCode).toBe(404);
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const hostile = await server.app.inject({ method: 'GET', url: '/api/server', headers: { 'x-request-id': 'x\n{"level":60}' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
