import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '@tracklane/domain';
import { latestPositionPages } from '../../src/live/latest-position-pages.js';
import type { DecodedPosition } from '../../src/protocols/decoded-position.js';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const START = Date.UTC(2025, 3, 1, 9);

describe.each(testDatabases())('latest positions for a socket, in pages, on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let dispatcher: Client;
  const followed: { id: number; index: number }[] = [];

  const decoded = (uniqueId: string, minutes: number): DecodedPosition => ({
    uniqueId, protocol: 'osmand', deviceTime: START + minutes * 60_000, fixTime: START + minutes * 60_000, valid: true, hasLocation: true,
    latitude: 50.1 + minutes * 0.001, longitude: 8.6, altitude: 120, speed: 12, course: 90, accuracy: 5, network: null, attributes: { batteryLevel: 80 - minutes },
  });

  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
    dispatcher = await createUser(admin, server.app, { name: 'Dispatcher', email: 'dispatcher@example.com' });
    // seven devices, five of them the dispatcher's, each with two positions (the second is its latest)
    for (let index = 0; index < 7; index++) {
      const uniqueId = `paged-${index}`;
      const device = (await admin.post('/api/devices', { name: `Van ${index}`, uniqueId })).json() as { id: number };
      if (index !== 2 && index !== 5) {
        followed.push({ id: device.id, index });
        expect((await admin.post('/api/permissions', { userId: dispatcher.user.id, deviceId: device.id })).statusCode).toBe(204);
      }
      await server.ctx.ingest.ingest(decoded(uniqueId, index));
      await server.ctx.ingest.ingest(decoded(uniqueId, index + 10));
    }
  });
  afterAll(() => server.close());

  it('gives each followed device its latest position once, in pages of the given size, equal to what the API gives', async () => {
    const pages: string[][] = [];
    for await (const page of latestPositionPages(server.ctx.repos.positions.findLatestRowPage, server.ctx.policy.linkedIds(dispatcher.user.id, 'deviceId'), 2)) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);

    const sent = pages.flat().map((json) => JSON.parse(json) as Position);
    expect(sent.map((position) => position.deviceId)).toEqual(followed.map((device) => device.id));
    // the second of each device's two positions
    expect(sent.map((position) => position.fixTime)).toEqual(followed.map(({ index }) => new Date(START + (index + 10) * 60_000).toISOString().replace('Z', '+00:00')));
    const fromApi = (await dispatcher.get('/api/positions')).json() as Position[];
    expect(sent).toEqual(fromApi);
  });

  it('is one empty page for a user without devices', async () => {
    const newcomer = await createUser(admin, server.app, { name: 'Newcomer', email: 'newcomer@example.com' });
    const pages: string[][] = [];
    for await (const page of latestPositionPages(server.ctx.repos.positions.findLatestRowPage, server.ctx.policy.linkedIds(newcomer.user.id, 'deviceId'), 2)) pages.push(page);
    expect(pages).toEqual([[]]);
  });
});
