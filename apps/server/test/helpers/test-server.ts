import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { createAppContext, type AppContext } from '../../src/app-context.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

export interface TestDatabase {
  name: 'sqlite' | 'sqlite file' | 'postgres';
  url: string;
}

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it to the local server).
 * Every suite that touches storage runs once per entry.
 */
export const testDatabases = (): TestDatabase[] => [
  { name: 'sqlite', url: 'sqlite::memory:' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }] : []),
];

/**
 * A SQLite database file in a fresh temporary folder: unlike `:memory:`, the ingest writes it on
 * its writer thread, beside the API's connection.
 */
export const sqliteFileDatabase = (): TestDatabase => ({
  name: 'sqlite file',
  url: `sqlite:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-test-')), 'database.sqlite')}`,
});

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** A fresh, empty schema on PostgreSQL, where a test server keeps its tables; undefined on SQLite. */
export const newTestSchema = async (database: TestDatabase): Promise<string | undefined> => {
  if (database.name !== 'postgres') return undefined;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return schema;
};

/** Drops a schema newTestSchema made, with everything in it. */
export const dropTestSchema = async (database: TestDatabase, schema: string): Promise<void> => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(`drop schema ${schema} cascade`);
  await client.end();
};

/**
 * Boots the real app on a fresh, empty database (a private schema on PostgreSQL), or on the one of
 * `schema` made beforehand with newTestSchema; the schema is dropped at close. Media go to a folder
 * of its own, removed at close, unless `MEDIA_PATH` names one.
 */
export const startTestServer = async (database: TestDatabase, env: Record<string, string> = {}, schema?: string): Promise<TestServer> => {
  schema ??= await newTestSchema(database);
  const ownMedia = env.MEDIA_PATH === undefined ? fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-test-media-')) : undefined;
  const config = loadConfig({ DATABASE_URL: database.url, OSMAND_PORT: '0', LOG_LEVEL: 'silent', WEB_ROOT: '/nonexistent', LOGIN_MAX_FAILURES: '1000', ...(ownMedia ? { MEDIA_PATH: ownMedia } : {}), ...env });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const ctx = await createAppContext(config, log, { schema });
  const app = await buildApp(ctx, { loggerInstance: log });
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await ctx.close();
      if (schema) await dropTestSchema(database, schema);
      if (ownMedia) fs.rmSync(ownMedia, { recursive: true, force: true });
    },
  };
};

export const cookieOf = (response: LightMyRequestResponse): string => {
  const cookie = response.cookies.find((c) => c.name === 'JSESSIONID');
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `JSESSIONID=${cookie.value}`;
};

/** A signed-in client: every call carries the session cookie. */
export interface Client {
  cookie: string;
  user: { id: number; [key: string]: unknown };
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export const login = async (app: FastifyInstance, email: string, password: string): Promise<Client> => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password }).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
  const cookie = cookieOf(response);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => (url: string, body?: unknown) =>
    app.inject({ method, url, headers: { cookie }, ...(body === undefined ? {} : { payload: body as object }) });
  return { cookie, user: response.json(), get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') };
};

/** Anonymous calls. */
export const anonymous = (app: FastifyInstance): Omit<Client, 'cookie' | 'user'> => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => (url: string, body?: unknown) =>
    app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
  return { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') };
};

/** Creates a user as the administrator and signs it in. */
export const createUser = async (admin: Client, app: FastifyInstance, fields: Record<string, unknown> & { email: string }): Promise<Client> => {
  const password = 'secret-password';
  const response = await admin.post('/api/users', { name: fields.email.split('@')[0], password, deviceLimit: -1, ...fields });
  if (response.statusCode !== 200) throw new Error(`create user ${fields.email}: ${response.statusCode} ${response.body}`);
  return login(app, fields.email, password);
};

/** First registration on an empty server: becomes the administrator. */
export const bootstrapAdmin = async (app: FastifyInstance): Promise<Client> => {
  const response = await anonymous(app).post('/api/users', { name: 'admin', email: 'admin@example.com', password: 'admin-password' });
  if (response.statusCode !== 200) throw new Error(`bootstrap admin: ${response.statusCode} ${response.body}`);
  return login(app, 'admin@example.com', 'admin-password');
};
