import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.js';
import { hashPassword } from '../auth/password.js';
import type { Config } from '../config.js';
import { startFleetSimulation } from './fleet-simulation.js';
import { sendOsmAnd } from './osmand-sender.js';

export const DEMO_LOGIN = { email: 'demo@tracklane.dev', password: 'demo' };

/** Delhi streets: the demo fleet starts around Connaught Place. */
const CENTRE = { latitude: 28.6315, longitude: 77.2167 };
const FLEET = [
  ['Delivery van 1', 'van'], ['Delivery van 2', 'van'], ['City bus 42', 'bus'], ['Taxi DL-1C', 'car'],
  ['Courier scooter', 'scooter'], ['Tipper truck', 'truck'], ['Field engineer', 'pickup'], ['Ambulance 7', 'car'],
] as const;

const administratorIds = async (ctx: AppContext) => {
  const users = await ctx.storage.db.selectFrom('users').select(['id', 'administrator']).execute();
  return users.filter((user) => Boolean(user.administrator)).map((user) => user.id);
};

/** The demo administrator, unless the database already has users (then its administrators see the fleet). */
const ensureDemoUser = async (ctx: AppContext, log: FastifyBaseLogger) => {
  if ((await ctx.repos.userAccounts.count()) > 0) return;
  const id = await ctx.repos.users.insert({ name: 'Demo', email: DEMO_LOGIN.email, administrator: true, deviceLimit: -1, userLimit: 0 });
  await ctx.repos.userAccounts.setPassword(id, await hashPassword(DEMO_LOGIN.password));
  log.info(DEMO_LOGIN, 'demo administrator created: sign in with this e-mail and password');
};

const ensureDemoDevices = async (ctx: AppContext) => {
  const admins = await administratorIds(ctx);
  for (const [index, [name, category]] of FLEET.entries()) {
    const uniqueId = `demo-${String(index + 1).padStart(3, '0')}`;
    if (await ctx.repos.deviceState.findByUniqueId(uniqueId)) continue;
    const deviceId = await ctx.repos.devices.insert({ name, uniqueId, category });
    for (const userId of admins) await ctx.repos.links.add({ owner: 'userId', ownerId: userId, property: 'deviceId', propertyId: deviceId });
  }
  return FLEET.map((_, index) => ({
    uniqueId: `demo-${String(index + 1).padStart(3, '0')}`,
    origin: { latitude: CENTRE.latitude + ((index % 3) - 1) * 0.01, longitude: CENTRE.longitude + (Math.floor(index / 3) - 1) * 0.012 },
  }));
};

/**
 * `npm start -- --demo`: a demo administrator and a small fleet that drives around Delhi through
 * the real OsmAnd protocol, so a newcomer sees the platform work in one command.
 */
export const startDemo = async (ctx: AppContext, config: Config, log: FastifyBaseLogger) => {
  if (config.protocolPorts.osmand === 0) {
    log.warn('the demo drives through the OsmAnd port, which is disabled (OSMAND_PORT=0)');
    return { stop: () => undefined };
  }
  await ensureDemoUser(ctx, log);
  const devices = await ensureDemoDevices(ctx);
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${config.protocolPorts.osmand}`;
  log.info({ devices: devices.length }, 'demo fleet driving');
  return startFleetSimulation({ devices, rate: 1 / 5, send: (uniqueId, fix, time) => sendOsmAnd(baseUrl, uniqueId, fix, time), onError: (error) => log.debug({ err: error }, 'demo report failed') });
};
