import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOsmAndHandler } from '../../src/protocols/osmand/osmand.handler.js';
import { startOsmAndListener } from '../../src/protocols/osmand/osmand.listener.js';
import { DEMO_LOGIN, startDemo } from '../../src/simulator/demo.js';
import { login, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases())('demo mode on $name', (database) => {
  let server: TestServer;
  let osmand: http.Server;
  let demo: { stop(): void };

  beforeAll(async () => {
    server = await startTestServer(database);
    osmand = await startOsmAndListener(createOsmAndHandler(server.ctx.ingest, server.ctx.deviceResolver, server.app.log), 0, '127.0.0.1', server.app.log);
    const port = (osmand.address() as AddressInfo).port;
    const config = { ...server.ctx.config, host: '127.0.0.1', protocolPorts: { ...server.ctx.config.protocolPorts, osmand: port } };
    demo = await startDemo(server.ctx, config, server.app.log);
  });

  afterAll(async () => {
    demo.stop();
    await new Promise((resolve) => osmand.close(resolve));
    await server.close();
  });

  it('signs in a demo administrator who sees a fleet reporting through the OsmAnd protocol', async () => {
    const client = await login(server.app, DEMO_LOGIN.email, DEMO_LOGIN.password);
    expect(client.user.administrator).toBe(true);
    const devices = (await client.get('/api/devices')).json<{ id: number; uniqueId: string }[]>();
    expect(devices).toHaveLength(8);
    await expect.poll(async () => (await client.get('/api/positions')).json<unknown[]>().length, { timeout: 5000 }).toBe(8);
    const positions = (await client.get('/api/positions')).json<{ protocol: string; latitude: number; attributes: Record<string, unknown> }[]>();
    expect(positions.every((position) => position.protocol === 'osmand' && Math.abs(position.latitude - 28.63) < 0.1)).toBe(true);
    expect(positions.every((position) => typeof position.attributes.batteryLevel === 'number')).toBe(true);
  });
});
