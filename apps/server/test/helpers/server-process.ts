import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { PROTOCOL_DEFAULT_PORTS } from '../../src/protocols/protocol-ports.js';
import { ensureServerBuilt } from './server-build.js';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

/** Ports nothing listens on right now (the OS hands them out; released before use). */
export const freePorts = async (count: number): Promise<number[]> => {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise<net.Server>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
};

export interface ServerPorts {
  http: number;
  gt06: number;
  osmand: number;
}

export interface ServerOptions {
  databaseUrl: string;
  ports: ServerPorts;
  redisUrl?: string;
  env?: Record<string, string>;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  ports: ServerPorts;
  baseUrl: string;
  pid: number;
  /** What the process wrote so far (warnings and errors), for failure messages. */
  output(): string;
  exited: Promise<ExitStatus>;
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<ExitStatus>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every protocol but GT06 and OsmAnd off, so several instances fit on one machine. */
const protocolEnv = (ports: ServerPorts): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const name of Object.keys(PROTOCOL_DEFAULT_PORTS)) env[`${name.toUpperCase()}_PORT`] = '0';
  return { ...env, GT06_PORT: String(ports.gt06), OSMAND_PORT: String(ports.osmand) };
};

const serverEnv = (options: ServerOptions): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...protocolEnv(options.ports),
    PORT: String(options.ports.http),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    WEB_ROOT: '/nonexistent',
    LOGIN_MAX_FAILURES: '1000',
    ...options.env,
  };
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  return env;
};

const exitOf = (child: ChildProcess): Promise<ExitStatus> =>
  new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

/** Starts `node apps/server/dist/main.js` (building it first when missing) without waiting for it. */
export const spawnServer = async (options: ServerOptions): Promise<ServerProcess> => {
  const entry = await ensureServerBuilt();
  const child = spawn(process.execPath, [entry], { env: serverEnv(options), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = exitOf(child);
  // a suite that times out or crashes must not leave servers behind
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  return {
    ports: options.ports,
    baseUrl: `http://127.0.0.1:${options.ports.http}`,
    pid: child.pid!,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
};

/** Polls GET /api/health until it answers 200; returns the milliseconds that took. */
export const waitUntilServing = async (server: ServerProcess, timeoutMs = 20_000): Promise<number> => {
  const started = performance.now();
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (performance.now() - started < timeoutMs && !exited) {
    const ok = await fetch(`${server.baseUrl}/api/health`).then((response) => response.status === 200, () => false);
    if (ok) return performance.now() - started;
    await sleep(25);
  }
  const state = exited ? 'exited' : `still starting after ${timeoutMs} ms`;
  throw new Error(`server on ${server.baseUrl} is not serving (${state}):\n${server.output()}`);
};

/** Spawns the server and waits until it serves. */
export const startServer = async (options: ServerOptions): Promise<ServerProcess> => {
  const server = await spawnServer(options);
  try {
    await waitUntilServing(server);
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  return server;
};

/** Ports for one instance. */
export const instancePorts = async (): Promise<ServerPorts> => {
  const [http, gt06, osmand] = (await freePorts(3)) as [number, number, number];
  return { http, gt06, osmand };
};
