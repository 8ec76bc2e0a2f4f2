import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_DEFAULT_PORTS, type ProtocolName } from '../../src/protocols/protocol-ports.js';
import { SIMULATED_PROTOCOLS } from '../../src/simulator/simulated-protocols.js';
import { createScaleDatabase, type ScaleDatabase } from '../helpers/scale-database.js';
import { BUILD_AND_START_MS, ensureServerBuilt } from '../helpers/server-build.js';
import { ADMIN, freePorts, startServer, type ServerProcess } from '../helpers/server-process.js';

const CLI = path.resolve(import.meta.dirname, '../../src/simulator/simulate-cli.ts');
const PROTOCOLS = Object.keys(PROTOCOL_DEFAULT_PORTS) as ProtocolName[];
const AUTHORIZATION = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;

interface CliRun {
  output(): string;
  exited: Promise<number | null>;
  interrupt(): Promise<number | null>;
}

const runCli = (args: string[]): CliRun => {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { output: () => output, exited, interrupt: () => (child.kill('SIGINT'), exited) };
};

describe('npm run simulate against a running server', () => {
  let database: ScaleDatabase;
  let server: ServerProcess;
  let ports: Record<ProtocolName, number>;

  beforeAll(async () => {
    await ensureServerBuilt();
    database = await createScaleDatabase('sqlite');
    const [http, ...protocolPorts] = await freePorts(1 + PROTOCOLS.length);
    ports = Object.fromEntries(PROTOCOLS.map((name, index) => [name, protocolPorts[index]!])) as Record<ProtocolName, number>;
    const env = Object.fromEntries(PROTOCOLS.map((name) => [`${name.toUpperCase()}_PORT`, String(ports[name])]));
    server = await startServer({ databaseUrl: database.url, ports: { http: http!, gt06: ports.gt06, osmand: ports.osmand }, env });
  }, BUILD_AND_START_MS);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.drop();
  });

  /** Identifier → protocol of the device's latest position, if it was taken at `since` or later. */
  const latestProtocolsSince = async (since: number) => {
    const positions = (await (await fetch(`${server.baseUrl}/api/positions`, { headers: { Authorization: AUTHORIZATION } })).json()) as { deviceId: number; protocol: string; fixTime: string }[];
    const devices = (await (await fetch(`${server.baseUrl}/api/devices`, { headers: { Authorization: AUTHORIZATION } })).json()) as { id: number; uniqueId: string }[];
    const recent = positions.filter((position) => Date.parse(position.fixTime) >= since);
    return new Map(devices.map((device) => [device.uniqueId, recent.find((position) => position.deviceId === device.id)?.protocol]));
  };

  const CASES: [string, 'tcp' | 'udp'][] = [...['osmand', ...SIMULATED_PROTOCOLS.keys()].map((protocol): [string, 'tcp'] => [protocol, 'tcp']), ['teltonika', 'udp'], ['h02', 'udp']];

  it.each(CASES)('registers its devices and drives them through %s over %s until interrupted', async (protocol, transport) => {
    // fixes carry whole seconds: one from the next second on was sent by this run
    const since = Math.floor(Date.now() / 1000) * 1000 + 1000;
    const cli = runCli(['--protocol', protocol, '--transport', transport, '--devices', '2', '--rate', '2', '--server', server.baseUrl, '--port', String(ports[protocol as ProtocolName]), '--email', ADMIN.email, '--password', ADMIN.password]);
    const identifiers = protocol === 'osmand' ? ['sim-00001', 'sim-00002'] : [0, 1].map((index) => SIMULATED_PROTOCOLS.get(protocol)!.identifier(index));
    // the devices' latest positions came through this protocol in this run (the IMEI-numbered fleets share devices)
    const latestOfFleet = async () => {
      const latest = await latestProtocolsSince(since);
      return identifiers.map((id) => latest.get(id));
    };
    await expect.poll(latestOfFleet, { timeout: 15_000, interval: 200 }).toEqual([protocol, protocol]);
    expect(await cli.interrupt()).toBe(0);
    expect(cli.output()).toContain(`simulating 2 ${protocol} devices${transport === 'udp' ? ' over UDP' : ''} at 2/s each`);
    expect(cli.output()).toMatch(/stopped: sent [1-9]\d*, failed 0/);
  }, 30_000);

  it('refuses UDP for a protocol whose trackers use TCP only, naming the ones that do', async () => {
    const cli = runCli(['--protocol', 'gt06', '--transport', 'udp']);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('gt06 trackers do not report over UDP; these do: teltonika, h02, tk103, gps103, gl200, meitrack');
  });

  it('refuses an unknown protocol, naming the ones it speaks', async () => {
    const cli = runCli(['--protocol', 'nmea0183']);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('Unknown protocol nmea0183; choose one of osmand, gt06, teltonika');
  });

  it('refuses a fleet of no devices', async () => {
    const cli = runCli(['--protocol', 'gt06', '--devices', '0']);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('--devices must be a positive whole number');
  });
});
