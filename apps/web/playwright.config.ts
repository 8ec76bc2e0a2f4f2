import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { PROTOCOL_DEFAULT_PORTS } from '../server/src/protocols/protocol-ports';
import { OSMAND_PORT, SMTP_PORT, WEB_PORT } from './e2e/ports';

const database = path.join(os.tmpdir(), `tracklane-e2e-${process.pid}.sqlite`);
// the specs speak OsmAnd only; the other tracker ports stay closed so a server running beside them cannot clash
const closedTrackerPorts = Object.fromEntries(Object.keys(PROTOCOL_DEFAULT_PORTS).map((name) => [`${name.toUpperCase()}_PORT`, '0']));

/** End-to-end: the built app served by the real server on a fresh SQLite file, driven in Debian's Chromium. */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/smtp-sink.setup.ts',
  timeout: 60_000,
  workers: 1,
  // under CI a JSON report feeds the one-line summary of scripts/test-summary.mjs
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'e2e-results.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${WEB_PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -f ${database}* && node ../server/dist/main.js`,
    url: `http://127.0.0.1:${WEB_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      ...closedTrackerPorts,
      PORT: String(WEB_PORT),
      HOST: '127.0.0.1',
      OSMAND_PORT: String(OSMAND_PORT),
      DATABASE_URL: `sqlite:${database}`,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-password',
      LOG_LEVEL: 'warn',
      STATISTICS_INTERVAL: '2',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(SMTP_PORT),
      SMTP_FROM: 'tracklane@example.com',
      WEB_ROOT: path.resolve(import.meta.dirname, 'dist'),
    },
  },
});
