import { afterAll, beforeAll } from 'vitest';
import type { ProtocolName } from '../../src/protocols/protocol-ports.js';
import { startProtocolServers, type ProtocolServers } from '../../src/protocols/protocol-servers.js';
import { bootstrapAdmin, startTestServer, type Client, type TestDatabase, type TestServer } from './test-server.js';

export interface ProtocolApp {
  server: TestServer;
  trackers: ProtocolServers;
  admin: Client;
  deviceId: number;
}

/** Boots the app with one protocol on an ephemeral port and a device with `uniqueId`; closes both after the suite. */
export const useProtocolApp = (database: TestDatabase, protocol: ProtocolName, uniqueId: string): ProtocolApp => {
  const app = {} as ProtocolApp;
  beforeAll(async () => {
    app.server = await startTestServer(database);
    app.admin = await bootstrapAdmin(app.server.app);
    app.deviceId = (await app.admin.post('/api/devices', { name: 'Tracker', uniqueId })).json().id;
    app.trackers = await startProtocolServers(app.server.ctx, [{ protocol, port: 0 }], '127.0.0.1');
  });
  afterAll(async () => {
    await app.trackers?.close();
    await app.server?.close();
  });
  return app;
};

/** The latest position of the app's device, through GET /api/positions. */
export const latestPosition = async (app: ProtocolApp): Promise<Record<string, unknown> | undefined> => {
  const positions = (await app.admin.get('/api/positions')).json() as Record<string, unknown>[];
  return positions.find((position) => position.deviceId === app.deviceId);
};
