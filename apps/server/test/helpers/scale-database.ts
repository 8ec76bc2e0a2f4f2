import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** A database of its own for server processes, readable by the test directly. */
export interface ScaleDatabase {
  name: 'sqlite' | 'postgres';
  /** DATABASE_URL for the server. */
  url: string;
  /** Plain SQL both dialects understand (no parameters). */
  query(text: string): Promise<Row[]>;
  drop(): Promise<void>;
}

/** SQLite always; PostgreSQL when TEST_DATABASE_URL names a server (as `testDatabases` does). */
export const scaleDatabaseKinds = (): ('sqlite' | 'postgres')[] => ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])];

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server: a server process takes no schema
 * option, so processes are isolated by database, dropped afterwards.
 */
export const createPostgresDatabase = async (): Promise<ScaleDatabase> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tracklane_scale_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name: 'postgres',
    url: url.toString(),
    query: (text) => withClient(url.toString(), async (client) => (await client.query(text)).rows as Row[]),
    drop: () => withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
};

/** A SQLite file in a temporary folder, removed afterwards. */
export const createSqliteDatabase = (): ScaleDatabase => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-scale-'));
  const file = path.join(dir, 'tracklane.sqlite');
  return {
    name: 'sqlite',
    url: `sqlite:${file}`,
    query: async (text) => {
      const sqlite = new SqliteDatabase(file, { fileMustExist: true });
      try {
        sqlite.pragma('busy_timeout = 5000');
        const statement = sqlite.prepare(text);
        return statement.reader ? (statement.all() as Row[]) : (statement.run(), []);
      } finally {
        sqlite.close();
      }
    },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
};

export const createScaleDatabase = (kind: 'sqlite' | 'postgres'): Promise<ScaleDatabase> =>
  kind === 'postgres' ? createPostgresDatabase() : Promise.resolve(createSqliteDatabase());
