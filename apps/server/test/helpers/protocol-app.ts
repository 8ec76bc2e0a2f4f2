import { afterAll, beforeAll } from 'vitest';
import type { ProtocolName } from '../../src/protocols/protocol-ports.js';
import { startProtocolServers, type ProtocolServers } from '../../src/protocols/protocol-servers.js';
import type { AppContext } from '../../src/app-context.js';
import { bootstrapAdmin, startTestServer, type Client, type TestDatabase, type TestServer } from './test-server.js';
import { eventually } from './tracker-client.js';

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

/** What the helpers below read: the app's server, its admin and its device (a ProtocolApp, or a test's own). */
export type DeviceApp = Pick<ProtocolApp, 'server' | 'admin' | 'deviceId'>;

/** The latest position of the app's device, through GET /api/positions. */
export const latestPosition = async (app: DeviceApp): Promise<Record<string, unknown> | undefined> => {
  const positions = (await app.admin.get('/api/positions')).json() as Record<string, unknown>[];
  return positions.find((position) => position.deviceId === app.deviceId);
};

/**
 * Waits for the latest position of the app's device to name a file in the attribute `attribute` (`image`,
 * `audio`), one other than `before` if given: the position and the file. Throws when none comes in time.
 */
export const latestPositionWith = async (app: DeviceApp, attribute: string, before?: string): Promise<{ position: Record<string, unknown>; file: string }> => {
  const found = await eventually(async () => {
    const position = await latestPosition(app);
    const file = (position?.attributes as Record<string, unknown> | undefined)?.[attribute];
    return position && typeof file === 'string' && file !== before ? { position, file } : undefined;
  });
  if (!found) throw new Error(`no position of device ${app.deviceId} named a new ${attribute} in time`);
  return found;
};

/** GET /api/media/<uniqueId>/<file> with the admin's cookie. */
export const fetchMedia = (app: DeviceApp, uniqueId: string, file: string) =>
  app.server.app.inject({ method: 'GET', url: `/api/media/${uniqueId}/${file}`, headers: { cookie: app.admin.cookie } });

/** A media event of the events report. */
export interface MediaEvent {
  type: string;
  attributes: Record<string, unknown>;
}

/**
 * The `media` events of the app's device from `from` (an ISO time) to a minute from now, through
 * /api/reports/events, once there is one (none after the timeout).
 */
export const mediaEvents = async (app: DeviceApp, from: string): Promise<MediaEvent[]> => {
  const to = new Date(Date.now() + 60_000).toISOString();
  const url = `/api/reports/events?deviceId=${app.deviceId}&type=media&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const events = await eventually(async () => {
    const found = (await app.admin.get(url)).json() as MediaEvent[];
    return found.length > 0 ? found : undefined;
  });
  return events ?? [];
};
