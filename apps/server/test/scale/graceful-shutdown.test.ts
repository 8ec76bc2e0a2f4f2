import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGt06Fleet, type Gt06Fleet } from '../helpers/gt06-fleet.js';
import { createScaleDatabase, scaleDatabaseKinds, type ScaleDatabase } from '../helpers/scale-database.js';
import { instancePorts, startServer, type ServerProcess } from '../helpers/server-process.js';
import { BUILD_AND_START_MS, ensureServerBuilt } from '../helpers/server-build.js';
import { missingPositions, waitForAcks } from '../helpers/stored-positions.js';

const FLEET_SIZE = 30;

/** Errors in the server's JSON log lines. */
const errorsLogged = (output: string): string[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } })
    .filter((entry) => entry.level >= 50)
    .map((entry) => `${entry.msg}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
const ACKS_BEFORE_STOP = 1000;

describe.each(scaleDatabaseKinds())('SIGTERM during GT06 ingest on %s', (kind) => {
  let database: ScaleDatabase;
  let server: ServerProcess | undefined;
  let fleet: Gt06Fleet | undefined;

  beforeAll(async () => {
    await ensureServerBuilt();
    database = await createScaleDatabase(kind);
  }, BUILD_AND_START_MS);
  afterAll(async () => {
    fleet?.stop();
    await server?.stop('SIGKILL');
    await database?.drop();
  });

  it('exits 0 within 10 s, closes the trackers, keeps every acknowledged position and writes the statistics', async () => {
    const ports = await instancePorts();
    server = await startServer({ databaseUrl: database.url, ports, env: { REGISTER_UNKNOWN: 'true' } });
    fleet = startGt06Fleet({ port: ports.gt06, size: FLEET_SIZE, firstImei: 862_000_000_000_000, firstFix: (Math.floor(Date.now() / 1000) - 7200) * 1000 });
    await waitForAcks(fleet.acked, ACKS_BEFORE_STOP);

    const stoppedAt = performance.now();
    const exit = await server.stop('SIGTERM');
    expect(performance.now() - stoppedAt).toBeLessThan(10_000);
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    await fleet.allClosed;
    expect(fleet.openCount()).toBe(0);

    const acked = [...fleet.acked];
    expect(await missingPositions(database, acked)).toEqual([]);
    const statistics = await database.query('select "messagesReceived", "messagesStored", "activeDevices" from statistics');
    const total = (column: string) => statistics.reduce((sum, row) => sum + Number(row[column]), 0);
    expect(statistics.length).toBeGreaterThan(0);
    // counted before each acknowledgement went out
    expect(total('messagesStored')).toBeGreaterThanOrEqual(acked.length);
    // what was being stored at the signal was drained, not failed against a closed database
    expect(total('messagesReceived')).toBe(total('messagesStored'));
    expect(total('activeDevices')).toBe(FLEET_SIZE);
    expect(errorsLogged(server.output())).toEqual([]);
  }, 45_000);
});
