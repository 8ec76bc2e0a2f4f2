import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases())('OsmAnd with OSMAND_SPEED=kmh on $name', (database) => {
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    server = await startTestServer(database, { OSMAND_SPEED: 'kmh' });
    admin = await bootstrapAdmin(server.app);
    await admin.post('/api/devices', { name: 'Phone', uniqueId: 'kmh-phone' });
  });
  afterAll(() => server?.close());

  it("reads the query form's speed as km/h, as Traccar's osmand.speed does", async () => {
    const query = new URLSearchParams({ id: 'kmh-phone', lat: '52.52', lon: '13.40', timestamp: '1764460800', speed: '36' }).toString();
    const response = await server.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: query });
    expect(response.statusCode).toBe(200);
    const [position] = (await admin.get('/api/positions')).json() as { speed: number }[];
    // 36 km/h is 19.44 knots
    expect(position!.speed).toBeCloseTo(36 / 1.852, 3);
  });
});
