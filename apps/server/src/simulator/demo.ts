import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.js';
import { hashPassword } from '../auth/password.js';
import type { Config } from '../config.js';
import type { ProtocolName } from '../protocols/protocol-ports.js';
import { startFleetSimulation, type FixSender } from './fleet-simulation.js';
import { sendOsmAnd } from './osmand-sender.js';
import { SIMULATED_PROTOCOLS } from './simulated-protocols.js';
import { createTrackerSender } from './tracker-sender.js';

export const DEMO_LOGIN = { email: 'demo@tracklane.dev', password: 'demo' };

/** Delhi streets: the demo fleet starts around Connaught Place. */
const CENTRE = { latitude: 28.6315, longitude: 77.2167 };

/** Each vehicle reports through the protocol of a tracker such a vehicle might carry; the taxi driver's phone runs Traccar Client. */
export const DEMO_FLEET: readonly { name: string; category: string; protocol: ProtocolName }[] = [
  { name: 'Delivery van 1', category: 'van', protocol: 'gt06' },
  { name: 'Delivery van 2', category: 'van', protocol: 'teltonika' },
  { name: 'City bus 42', category: 'bus', protocol: 'jt808' },
  { name: 'Taxi DL-1C', category: 'car', protocol: 'osmand' },
  { name: 'Courier scooter', category: 'scooter', protocol: 'h02' },
  { name: 'Tipper truck', category: 'truck', protocol: 'ruptela' },
  { name: 'Field engineer', category: 'pickup', protocol: 'gl200' },
  { name: 'Ambulance 7', category: 'car', protocol: 'meitrack' },
];

// tracker numbers of the demo fleet, clear of the ones `npm run simulate` starts from
const FIRST_TRACKER_NUMBER = 900;

interface DemoVehicle {
  name: string;
  category: string;
  protocol: ProtocolName;
  uniqueId: string;
  origin: { latitude: number; longitude: number };
}

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

/**
 * Who drives through what: a vehicle whose protocol is switched off (`<PROTOCOL>_PORT=0`) reports
 * through OsmAnd instead, and so does one a demo database of an earlier version made (`demo-00N`,
 * when the whole fleet used OsmAnd), so that it keeps its history.
 */
const planFleet = async (ctx: AppContext, config: Config): Promise<DemoVehicle[]> => {
  const vehicles: DemoVehicle[] = [];
  for (const [index, vehicle] of DEMO_FLEET.entries()) {
    const origin = { latitude: CENTRE.latitude + ((index % 3) - 1) * 0.01, longitude: CENTRE.longitude + (Math.floor(index / 3) - 1) * 0.012 };
    const phoneId = `demo-${String(index + 1).padStart(3, '0')}`;
    const tracker = SIMULATED_PROTOCOLS.get(vehicle.protocol);
    const earlier = await ctx.repos.deviceState.findByUniqueId(phoneId);
    if (tracker && config.protocolPorts[vehicle.protocol] > 0 && !earlier) {
      vehicles.push({ ...vehicle, uniqueId: tracker.identifier(FIRST_TRACKER_NUMBER + index), origin });
    } else if (config.protocolPorts.osmand > 0) {
      vehicles.push({ ...vehicle, protocol: 'osmand', uniqueId: phoneId, origin });
    }
  }
  return vehicles;
};

const ensureDemoDevices = async (ctx: AppContext, vehicles: DemoVehicle[]) => {
  const admins = await administratorIds(ctx);
  for (const { name, category, uniqueId } of vehicles) {
    if (await ctx.repos.deviceState.findByUniqueId(uniqueId)) continue;
    const deviceId = await ctx.repos.devices.insert({ name, uniqueId, category });
    for (const userId of admins) await ctx.repos.links.add({ owner: 'userId', ownerId: userId, property: 'deviceId', propertyId: deviceId });
  }
};

/** One sender per protocol in use, each vehicle reporting through its own. */
const fleetSender = (vehicles: DemoVehicle[], config: Config) => {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const osmandUrl = `http://${host.includes(':') ? `[${host}]` : host}:${config.protocolPorts.osmand}`;
  const trackerSenders = new Map<ProtocolName, ReturnType<typeof createTrackerSender>>();
  const senders = new Map<string, FixSender>();
  for (const { protocol, uniqueId } of vehicles) {
    const tracker = SIMULATED_PROTOCOLS.get(protocol);
    if (!tracker) {
      senders.set(uniqueId, (id, fix, time) => sendOsmAnd(osmandUrl, id, fix, time));
      continue;
    }
    if (!trackerSenders.has(protocol)) trackerSenders.set(protocol, createTrackerSender(host, config.protocolPorts[protocol], tracker));
    senders.set(uniqueId, trackerSenders.get(protocol)!.send);
  }
  const send: FixSender = (uniqueId, fix, time) => senders.get(uniqueId)!(uniqueId, fix, time);
  const close = () => Promise.all([...trackerSenders.values()].map((sender) => sender.close()));
  return { send, close };
};

/**
 * `npm start -- --demo`: a demo administrator and a small fleet that drives around Delhi through the
 * real device protocols (GT06, Teltonika, JT808, H02, Ruptela, Queclink, Meitrack and the OsmAnd
 * protocol of Traccar Client), so a newcomer sees the platform work in one command.
 */
export const startDemo = async (ctx: AppContext, config: Config, log: FastifyBaseLogger) => {
  const vehicles = await planFleet(ctx, config);
  if (vehicles.length === 0) {
    log.warn('the demo fleet has no protocol to drive through: every one it uses is disabled');
    return { stop: () => undefined };
  }
  await ensureDemoUser(ctx, log);
  await ensureDemoDevices(ctx, vehicles);
  const sender = fleetSender(vehicles, config);
  log.info({ vehicles: vehicles.map(({ name, protocol }) => `${name} (${protocol})`) }, 'demo fleet driving');
  const simulation = startFleetSimulation({ devices: vehicles, rate: 1 / 5, send: sender.send, onError: (error) => log.debug({ err: error }, 'demo report failed') });
  return {
    stop: () => {
      simulation.stop();
      void sender.close();
    },
  };
};
