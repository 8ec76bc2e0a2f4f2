import { afterAll, beforeAll } from 'vitest';
import type { ProtocolName } from '../../src/protocols/protocol-ports.js';
import { startProtocolServers, type ProtocolServers } from '../../src/protocols/protocol-servers.js';
import type { AppContext } from '../../src/app-context.js';
import { bootstrapAdmin, startTestServer, type Client, type TestDatabase, type TestServer } from './test-server.js';

export interface ProtocolApp {
  server: TestServer;
  trackers: ProtocolServers;
  admin: Client;
  deviceId: number;
}

/**
 * Boots the app with one protocol on an ephemeral port and a device with `uniqueId`; closes both after
 * the suite. `adapt` changes what the protocol servers get (a shorter timeout, a failing store).
 */
export const useProtocolApp = (database: TestDatabase, protocol: ProtocolName, uniqueId: string, adapt: (ctx: AppContext) => AppContext = (ctx) => ctx): ProtocolApp => {
  const app = {} as ProtocolApp;
  beforeAll(async () => {
    app.server = await startTestServer(database);
    app.admin = await bootstrapAdmin(app.server.app);
    app.deviceId = (await app.admin.post('/api/devices', { name: 'Tracker', uniqueId })).json().id;
    app.trackers = await startProtocolServers(adapt(app.server.ctx), [{ protocol, port: 0 }], '127.0.0.1');
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
