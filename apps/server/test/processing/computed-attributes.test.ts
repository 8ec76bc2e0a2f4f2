import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedPosition } from '../../src/protocols/decoded-position.js';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases())('computed attributes on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let deviceId: number;

  const decoded = (uniqueId: string, secondsAgo: number, attributes: Record<string, unknown>): DecodedPosition => ({
    uniqueId, protocol: 'osmand', deviceTime: Date.now() - secondsAgo * 1000, fixTime: Date.now() - secondsAgo * 1000, valid: true, hasLocation: true,
    latitude: 28.61, longitude: 77.2, altitude: 0, speed: 42, course: 0, accuracy: 0, network: null, attributes,
  });
  const test = (expression: string, type = 'number', id = deviceId, client = admin) =>
    client.post(`/api/attributes/computed/test?deviceId=${id}`, { description: 'test', attribute: 'out', expression, type });

  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
    deviceId = (await admin.post('/api/devices', { name: 'Truck', uniqueId: 'computed-1' })).json().id;
    const attribute = (await admin.post('/api/attributes/computed', { description: 'Double adc1', attribute: 'adc1Double', expression: 'adc1 * 2', type: 'number', priority: 0 })).json();
    const flag = (await admin.post('/api/attributes/computed', { description: 'Battery low', attribute: 'lowBattery', expression: 'adc1 < 200 ? "yes" : null', type: 'string', priority: -1 })).json();
    const broken = (await admin.post('/api/attributes/computed', { description: 'Broken', attribute: 'broken', expression: 'missing + 1', type: 'number', priority: 5 })).json();
    for (const id of [attribute.id, flag.id, broken.id]) expect((await admin.post('/api/permissions', { deviceId, attributeId: id })).statusCode).toBe(204);
    await server.ctx.ingest.ingest(decoded('computed-1', 10, { adc1: 128, ignition: true, label: 'Depot' }));
  });
  afterAll(() => server.close());

  it('sets the linked computed attributes on stored positions and skips the failing one', async () => {
    const positions = (await admin.get(`/api/positions?id=${(await admin.get(`/api/devices/${deviceId}`)).json().positionId}`)).json();
    expect(positions[0].attributes).toMatchObject({ adc1: 128, adc1Double: 256, lowBattery: 'yes' });
    expect(positions[0].attributes).not.toHaveProperty('broken');
  });

  it('evaluates an expression against the latest position: numbers and booleans as JSON, strings as text', async () => {
    const number = await test('adc1 * 2 + speed');
    expect(number.statusCode).toBe(200);
    expect(number.json()).toBe(298);
    expect((await test('7 / 2')).json()).toBe(3);
    expect((await test('ignition && speed > 5', 'boolean')).json()).toBe(true);
    const text = await test('label + " " + adc1', 'string');
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toBe('Depot 128');
  });

  it('answers 204 for a null result', async () => {
    expect((await test('adc1 > 500 ? 1 : null')).statusCode).toBe(204);
  });

  it('answers 400 with the error of a failing expression', async () => {
    for (const [expression, message] of [
      ['nope * 2', "undefined variable 'nope'"],
      ['adc1 / 0', 'division by zero'],
      ['"text"', 'result string is not a number'],
      ['label.constructor', "access to 'constructor' is not allowed at position 7"],
      ['adc1 +', 'unexpected end of expression at position 7'],
    ]) {
      const response = await test(expression!);
      expect(response.statusCode, expression).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('needs an administrator and a device with a position', async () => {
    const user = await createUser(admin, server.app, { email: 'viewer@example.com' });
    expect((await admin.post('/api/permissions', { userId: user.user.id, deviceId })).statusCode).toBe(204);
    expect((await test('1', 'number', deviceId, user)).statusCode).toBe(403);
    const empty = (await admin.post('/api/devices', { name: 'Silent', uniqueId: 'computed-2' })).json();
    const response = await test('1', 'number', empty.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The device has no position to test against');
  });
});
