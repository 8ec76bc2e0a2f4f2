import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { PROTOCOL_DEFAULT_PORTS } from '../../server/src/protocols/protocol-ports';
import { ADMIN } from './helpers';

const SERVER_MAIN = path.resolve(import.meta.dirname, '../../server/dist/main.js');
const WEB_ROOT = path.resolve(import.meta.dirname, '../dist');

/**
 * A second server of the test's own, which the test may stop and start again (the shared one must keep
 * running for the other specs). It keeps its database across restarts and listens for no tracker
 * unless `env` opens a port (`JT808_PORT`); `env` may set any other setting too.
 */
export class OwnServer {
  private child: ChildProcess | undefined;
  private readonly database: string;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {
    this.database = path.join(os.tmpdir(), `tracklane-e2e-own-${process.pid}-${port}.sqlite`);
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const silentTrackers = Object.fromEntries(Object.keys(PROTOCOL_DEFAULT_PORTS).map((name) => [`${name.toUpperCase()}_PORT`, '0']));
    this.child = spawn(process.execPath, [SERVER_MAIN], {
      stdio: 'ignore',
      env: { ...process.env, ...silentTrackers, PORT: String(this.port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${this.database}`, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', WEB_ROOT, ...this.env },
    });
    await expect.poll(() => this.healthy(), { timeout: 20_000 }).toBe(true);
  }

  async stop() {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
    await expect.poll(() => this.healthy()).toBe(false);
  }

  async dispose() {
    await this.stop();
    for (const file of fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(path.basename(this.database)))) fs.rmSync(path.join(os.tmpdir(), file), { force: true });
  }

  private healthy = () => fetch(`${this.url}/api/health`).then((response) => response.ok, () => false);
}
