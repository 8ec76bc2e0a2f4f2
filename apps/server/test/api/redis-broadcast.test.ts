import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createAppContext, type AppContext } from '../../src/app-context.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { bootstrapAdmin, dropTestSchema, login, newTestSchema } from '../helpers/test-server.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two instances on one database, joined only by Redis: a report on one reaches a browser on the
 * other. vitest.config.ts runs this file only when TEST_REDIS_URL and TEST_DATABASE_URL name servers
 * (CI sets them): instances share a PostgreSQL database (here one schema), since a SQLite file serves one.
 */
describe('live updates across instances through Redis', () => {
  const database = { name: 'postgres' as const, url: process.env.TEST_DATABASE_URL ?? '' };
  let schema: string | undefined;
  const instances: { ctx: AppContext; app: Awaited<ReturnType<typeof buildApp>> }[] = [];

  beforeAll(async () => {
    schema = await newTestSchema(database);
    const config = loadConfig({ DATABASE_URL: database.url, REDIS_URL: redisUrl, OSMAND_PORT: '0', WEB_ROOT: '/nonexistent' });
    const log = pino({ level: 'silent' });
    for (let i = 0; i < 2; i++) {
      const ctx = await createAppContext(config, log, { schema });
      const app = await buildApp(ctx, { loggerInstance: log });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push({ ctx, app });
    }
  });
  afterAll(async () => {
    for (const { app, ctx } of instances) {
      await app.close();
      await ctx.close();
    }
    if (schema) await dropTestSchema(database, schema);
  });

  it('delivers a position ingested by instance A to a socket on instance B', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const admin = await bootstrapAdmin(a.app);
    const device = (await admin.post('/api/devices', { name: 'Shared', uniqueId: 'shared-1' })).json();
    const onB = await login(b.app, 'admin@example.com', 'admin-password');
    const messages: Record<string, unknown[]>[] = [];
    const socket = new WebSocket(`ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/api/socket`, { headers: { cookie: onB.cookie } });
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const report = await a.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'id=shared-1&lat=10&lon=20' });
    expect(report.statusCode).toBe(200);
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline && !messages.some((m) => Array.isArray(m.positions) && m.positions.length > 0)) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    socket.close();
    const live = messages.find((m) => Array.isArray(m.positions) && m.positions.length > 0);
    expect(live?.positions?.[0]).toMatchObject({ deviceId: device.id, latitude: 10, longitude: 20 });
    expect(messages.some((m) => Array.isArray(m.devices) && (m.devices[0] as { status: string }).status === 'online')).toBe(true);
  });
});

describe('health with Redis', () => {
  const start = async (url: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-health-'));
    const log = pino({ level: 'silent' });
    const ctx = await createAppContext(loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'health.sqlite')}`, REDIS_URL: url, OSMAND_PORT: '0', WEB_ROOT: '/nonexistent' }), log);
    const app = await buildApp(ctx, { loggerInstance: log });
    return { app, close: async () => (await app.close(), await ctx.close(), fs.rmSync(dir, { recursive: true, force: true })) };
  };

  it('answers OK while Redis answers', async () => {
    const instance = await start(redisUrl);
    await expect.poll(async () => (await instance.app.inject({ method: 'GET', url: '/api/health' })).body).toBe('OK');
    await instance.close();
  });

  it('answers 500 naming Redis when it cannot be reached', async () => {
    const instance = await start('redis://127.0.0.1:1');
    const response = await instance.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('Redis unavailable');
    await instance.close();
  });
});
