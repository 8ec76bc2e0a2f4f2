/**
 * Browser benchmark: 10,000 devices on the live map while the real server pushes 1,000 position
 * updates per second over the socket, measured in headless Chromium (frame times, long tasks, list
 * scrolling), plus the gzip size of the JavaScript the login page loads. Appends to BENCHMARKS.md.
 * Needs `npm run build` and Debian's Chromium (/usr/bin/chromium).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { formatInstant } from '@tracklane/domain';
import { sql } from 'kysely';
import pino from 'pino';
import { createAppContext } from '../apps/server/src/app-context.js';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/auth/password.js';
import { loadConfig } from '../apps/server/src/config.js';
import { addBenchmarkRow } from './benchmarks-file.js';

const DEVICES = 10_000;
const UPDATES_PER_SECOND = Number(process.env.BENCH_UPDATES ?? 1_000);
const SECONDS = 10;
const webRoot = path.join(import.meta.dirname, '../apps/web/dist');

const initialScriptBytes = () => {
  const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  return files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(webRoot, file))).length, 0);
};

const seed = async (ctx: Awaited<ReturnType<typeof createAppContext>>) => {
  const adminId = await ctx.repos.users.insert({ name: 'admin', email: 'bench@example.com', administrator: true, deviceLimit: -1 });
  await ctx.repos.userAccounts.setPassword(adminId, await hashPassword('bench-password'));
  await ctx.storage.db.transaction().execute(async (trx) => {
    for (let i = 0; i < DEVICES; i++) {
      const now = Date.now();
      const device = await trx.insertInto('devices').values({ name: `Unit ${String(i).padStart(5, '0')}`, uniqueId: `bench-${i}`, attributes: '{}' } as never).returning('id').executeTakeFirstOrThrow();
      // SQLite stores positions through a view, which returns no id it did not get
      const id = ctx.storage.positionIds?.next();
      const position = await trx.insertInto('positions').values({ ...(id ? { id } : {}), deviceId: device.id, serverTime: now, deviceTime: now, fixTime: now, valid: 1, latitude: 40 + (i % 100) * 0.2, longitude: -10 + Math.floor(i / 100) * 0.4, attributes: '{"batteryLevel":80}' } as never).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('device_latest').values({ deviceId: device.id, status: 'online', lastUpdate: now, positionId: position.id, fixTime: now }).execute();
      await sql`insert into user_device ("userId", "deviceId") values (${adminId}, ${device.id})`.execute(trx);
    }
  });
};

const main = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-web-bench-'));
  const log = pino({ level: 'silent' });
  const ctx = await createAppContext(loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`, OSMAND_PORT: '0', WEB_ROOT: webRoot }), log);
  await seed(ctx);
  const app = await buildApp(ctx, { loggerInstance: log });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking'] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/login`);
  await page.locator('input[name=email]').fill('bench@example.com');
  await page.locator('input[name=password]').fill('bench-password');
  await page.locator('button[type=submit]').click();
  await page.getByText('Unit 00000').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(3000);
  // sample frames and long tasks only while the updates flow; a string, so the TypeScript loader's
  // helpers are not injected into code that runs in the page
  await page.evaluate(`(() => {
    const perf = { frames: [], longTasks: [] };
    window.__perf = perf;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => perf.longTasks.push(entry.duration))).observe({ type: 'longtask' });
    let last = 0;
    const tick = (now) => {
      if (last > 0) perf.frames.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);

  const devices = await ctx.repos.devices.list({ sortColumn: 'id' });
  const positions = new Map((await ctx.repos.positions.findLatest(ctx.policy.linkedIds(1, 'deviceId'), 0)).map((p) => [p.deviceId, p]));
  let sent = 0;
  const started = Date.now();
  const timer = setInterval(() => {
    for (let i = 0; i < UPDATES_PER_SECOND / 20; i++) {
      const device = devices[(sent * 7919) % devices.length]!;
      const previous = positions.get(device.id)!;
      const moved = { ...previous, latitude: previous.latitude + 0.001, fixTime: formatInstant(Date.now()), serverTime: formatInstant(Date.now()) };
      positions.set(device.id, moved);
      ctx.broadcaster.publish({ kind: 'position', position: moved });
      sent++;
    }
  }, 50);
  const list = page.locator('[data-testid^=device-]').first();
  await list.hover();
  const scrollTop = () =>
    page.evaluate(`(() => {
      let element = document.querySelector('[data-testid^=device-]')?.parentElement ?? null;
      while (element && element.scrollHeight <= element.clientHeight) element = element.parentElement;
      return element ? element.scrollTop : -1;
    })()`) as Promise<number>;
  const scrollBefore = await scrollTop();
  for (let i = 0; i < 10; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(SECONDS * 100);
  }
  const scrollAfter = await scrollTop();
  clearInterval(timer);
  const elapsed = (Date.now() - started) / 1000;
  const perf = (await page.evaluate('window.__perf')) as { frames: number[]; longTasks: number[] };

  const frames = [...perf.frames].sort((a, b) => a - b);
  const median = frames[Math.floor(frames.length / 2)] ?? 0;
  const p95 = frames[Math.floor(frames.length * 0.95)] ?? 0;
  const longest = Math.max(0, ...perf.longTasks);
  const line = `| ${new Date().toISOString().slice(0, 10)} | ${os.cpus()[0]?.model.trim()} ×${os.cpus().length}, headless Chromium (SwiftShader) | live map: ${DEVICES} devices, ${Math.round(sent / elapsed)} socket updates/s for ${elapsed.toFixed(0)} s | frame median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${frames.length} frames); longest task ${longest.toFixed(0)} ms (${perf.longTasks.filter((d) => d > 100).length} over 100 ms) | list scrolled ${scrollBefore} → ${scrollAfter} px | initial JS ${(initialScriptBytes() / 1024).toFixed(0)} KiB gzip |`;
  console.log(line);
  addBenchmarkRow('## Live map in the browser', line);

  await browser.close();
  await app.close();
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
