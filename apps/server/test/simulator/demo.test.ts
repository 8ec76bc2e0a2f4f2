import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/password.js';
import { createOsmAndHandler } from '../../src/protocols/osmand/osmand.handler.js';
import { startOsmAndListener } from '../../src/protocols/osmand/osmand.listener.js';
import { PROTOCOL_DEFAULT_PORTS, type ProtocolName } from '../../src/protocols/protocol-ports.js';
import { protocolByName } from '../../src/protocols/protocol-registry.js';
import { startProtocolServers, type ProtocolServers } from '../../src/protocols/protocol-servers.js';
import { DEMO_FLEET, DEMO_LOGIN, startDemo } from '../../src/simulator/demo.js';
import { login, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const TRACKER_PROTOCOLS = (Object.keys(PROTOCOL_DEFAULT_PORTS) as ProtocolName[]).filter((name) => name !== 'osmand');

interface Positioned {
  deviceId: number;
  protocol: string;
  latitude: number;
}

/** The transport a protocol's port is read from: TCP, or UDP for a protocol of datagrams alone (CalAmp). */
const listensOn = (name: ProtocolName): 'tcp' | 'udp' => (protocolByName(name)?.transports.includes('tcp') === false ? 'udp' : 'tcp');

/** The app with every protocol listening on a port of its own but `disabled`, and the demo driving against it. */
const useDemo = (database: ReturnType<typeof testDatabases>[number], disabled: ProtocolName[], before: (server: TestServer) => Promise<void> = async () => {}) => {
  const state = {} as { server: TestServer; osmand: http.Server; trackers: ProtocolServers; demo: { stop(): void } };
  beforeAll(async () => {
    state.server = await startTestServer(database);
    await before(state.server);
    state.osmand = await startOsmAndListener(createOsmAndHandler(state.server.ctx.ingest, state.server.ctx.deviceResolver, state.server.app.log), 0, '127.0.0.1', state.server.app.log);
    state.trackers = await startProtocolServers(state.server.ctx, TRACKER_PROTOCOLS.map((protocol) => ({ protocol, port: 0 })), '127.0.0.1');
    const ports = Object.fromEntries(TRACKER_PROTOCOLS.map((name) => [name, disabled.includes(name) ? 0 : state.trackers.portOf(name, listensOn(name))]));
    const protocolPorts = { ...state.server.ctx.config.protocolPorts, ...ports, osmand: (state.osmand.address() as AddressInfo).port };
    state.demo = await startDemo(state.server.ctx, { ...state.server.ctx.config, host: '127.0.0.1', protocolPorts }, state.server.app.log);
  });
  afterAll(async () => {
    state.demo?.stop();
    await state.trackers?.close();
    await new Promise((resolve) => state.osmand?.close(resolve));
    await state.server?.close();
  });
  /** The fleet as the demo administrator sees it once every vehicle reported: name → protocol of its latest position. */
  const fleet = async () => {
    const client = await login(state.server.app, DEMO_LOGIN.email, DEMO_LOGIN.password);
    expect(client.user.administrator).toBe(true);
    await expect.poll(async () => (await client.get('/api/positions')).json<unknown[]>().length, { timeout: 10_000 }).toBe(DEMO_FLEET.length);
    const devices = (await client.get('/api/devices')).json<{ id: number; name: string; uniqueId: string }[]>();
    const positions = (await client.get('/api/positions')).json<Positioned[]>();
    expect(positions.every((position) => Math.abs(position.latitude - 28.63) < 0.1)).toBe(true);
    return new Map(devices.map((device) => [device.name, { uniqueId: device.uniqueId, protocol: positions.find((position) => position.deviceId === device.id)?.protocol }]));
  };
  return { fleet };
};

describe.each(testDatabases())('demo mode on $name', (database) => {
  const demo = useDemo(database, []);

  it('signs in a demo administrator who sees a fleet reporting through eight real protocols', async () => {
    const fleet = await demo.fleet();
    expect(fleet.size).toBe(DEMO_FLEET.length);
    for (const vehicle of DEMO_FLEET) expect(fleet.get(vehicle.name)?.protocol).toBe(vehicle.protocol);
  });
});

describe.each(testDatabases())('demo mode with GT06 switched off, on a demo database of an earlier version, on $name', (database) => {
  // the earlier demo drove every vehicle through OsmAnd as demo-001 … demo-008, linked to its administrator
  const demo = useDemo(database, ['gt06'], async ({ ctx }) => {
    const adminId = await ctx.repos.users.insert({ name: 'Demo', email: DEMO_LOGIN.email, administrator: true, deviceLimit: -1, userLimit: 0 });
    await ctx.repos.userAccounts.setPassword(adminId, await hashPassword(DEMO_LOGIN.password));
    const deviceId = await ctx.repos.devices.insert({ name: 'Delivery van 2', uniqueId: 'demo-002', category: 'van' });
    await ctx.repos.links.add({ owner: 'userId', ownerId: adminId, property: 'deviceId', propertyId: deviceId });
  });

  it('drives the GT06 van and the earlier device through OsmAnd instead, and the rest through their protocols', async () => {
    const fleet = await demo.fleet();
    expect(fleet.get('Delivery van 1')).toEqual({ uniqueId: 'demo-001', protocol: 'osmand' });
    expect(fleet.get('Delivery van 2')).toEqual({ uniqueId: 'demo-002', protocol: 'osmand' });
    expect(fleet.get('City bus 42')?.protocol).toBe('jt808');
  });
});
