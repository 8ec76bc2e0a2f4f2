import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScaleDatabase, type ScaleDatabase } from '../helpers/scale-database.js';
import { instancePorts, spawnServer, startServer, type ServerProcess } from '../helpers/server-process.js';
import { BUILD_AND_START_MS, ensureServerBuilt } from '../helpers/server-build.js';

/**
 * Two server processes on one SQLite file would draw the same position ids and lose positions: the
 * second one refuses to start, and the first goes on serving.
 */
describe('a second server on the same SQLite file', () => {
  let database: ScaleDatabase;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;

  beforeAll(async () => {
    await ensureServerBuilt();
    database = await createScaleDatabase('sqlite');
  }, BUILD_AND_START_MS);
  afterAll(async () => {
    await second?.stop('SIGKILL');
    await first?.stop('SIGKILL');
    await database?.drop();
  });

  it('stops at its start with a message naming the file, while the first keeps serving', async () => {
    first = await startServer({ databaseUrl: database.url, ports: await instancePorts() });
    second = await spawnServer({ databaseUrl: database.url, ports: await instancePorts() });
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.output()).toContain('is in use by another Tracklane server: a SQLite database serves one instance (several share a PostgreSQL database)');
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
  }, 30_000);
});
