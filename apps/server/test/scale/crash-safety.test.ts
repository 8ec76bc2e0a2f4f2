import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGt06Fleet, type Gt06Fleet } from '../helpers/gt06-fleet.js';
import { openLiveSocket, osmandReport, signIn } from '../helpers/live-client.js';
import { createScaleDatabase, scaleDatabaseKinds, type ScaleDatabase } from '../helpers/scale-database.js';
import { ADMIN, instancePorts, spawnServer, startServer, waitUntilServing, type ServerPorts, type ServerProcess } from '../helpers/server-process.js';
import { BUILD_AND_START_MS, ensureServerBuilt } from '../helpers/server-build.js';
import { missingPositions, waitForAcks } from '../helpers/stored-positions.js';

const FLEET_SIZE = 50;
const ACKS_BEFORE_KILL = 2000;
const WITNESS_ID = 'witness-phone';

/**
 * A phone reporting to the other instance every 50 ms while the first one dies and comes back,
 * with a browser on that instance: every report it answered must reach the browser.
 */
const startWitness = async (instance: ServerProcess) => {
  const admin = await signIn(instance.baseUrl, ADMIN.email, ADMIN.password);
  const device = await admin.json<{ id: number }>('POST', '/api/devices', { name: 'Witness', uniqueId: WITNESS_ID });
  const socket = await openLiveSocket(instance.baseUrl, admin.cookie);
  const answered: number[] = [];
  let refused = 0;
  let clock = Math.floor(Date.now() / 1000) - 3600;
  let running = true;
  const loop = (async () => {
    while (running) {
      clock += 1;
      const status = await osmandReport(instance.ports.osmand, { id: WITNESS_ID, lat: 52.5, lon: 13.4, timestamp: clock });
      if (status === 200) answered.push(clock * 1000);
      else refused += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    answered,
    refused: () => refused,
    /** Stops reporting; resolves with the answered reports the browser never received. */
    finish: async (): Promise<number[]> => {
      running = false;
      await loop;
      const received = () => new Set(socket.received.positions.filter((p) => p.deviceId === device.id).map((p) => Date.parse(p.fixTime ?? '')));
      await socket.waitFor(() => (answered.every((time) => received().has(time)) ? true : undefined), 2000).catch(() => undefined);
      socket.close();
      return answered.filter((time) => !received().has(time));
    },
  };
};

describe.each(scaleDatabaseKinds())('kill -9 during GT06 ingest on %s', (kind) => {
  let database: ScaleDatabase;
  let ports: ServerPorts;
  const running: ServerProcess[] = [];
  let fleet: Gt06Fleet | undefined;

  beforeAll(async () => {
    await ensureServerBuilt();
    database = await createScaleDatabase(kind);
    ports = await instancePorts();
  }, BUILD_AND_START_MS);
  afterAll(async () => {
    fleet?.stop();
    await Promise.all(running.map((server) => server.stop('SIGKILL')));
    await database?.drop();
  });

  const start = async (serverPorts: ServerPorts) => {
    const server = await startServer({ databaseUrl: database.url, ports: serverPorts, env: { REGISTER_UNKNOWN: 'true' } });
    running.push(server);
    return server;
  };

  it('keeps every acknowledged position, serves again within 5 s and leaves the other instance serving', async () => {
    const first = await start(ports);
    // SQLite is one process's file; a second instance is the PostgreSQL deployment
    const other = kind === 'postgres' ? await start(await instancePorts()) : undefined;
    const witness = other ? await startWitness(other) : undefined;

    fleet = startGt06Fleet({ port: ports.gt06, size: FLEET_SIZE, firstImei: 861_000_000_000_000, firstFix: (Math.floor(Date.now() / 1000) - 7200) * 1000 });
    await waitForAcks(fleet.acked, ACKS_BEFORE_KILL);
    const answeredBeforeKill = witness?.answered.length ?? 0;
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    await fleet.allClosed;
    const acked = [...fleet.acked];

    const restartedAt = performance.now();
    const restarted = await spawnServer({ databaseUrl: database.url, ports, env: { REGISTER_UNKNOWN: 'true' } });
    running.push(restarted);
    await waitUntilServing(restarted);
    expect(performance.now() - restartedAt).toBeLessThan(5000);
    const answeredWhileDown = (witness?.answered.length ?? 0) - answeredBeforeKill;

    expect(acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    expect(await missingPositions(database, acked)).toEqual([]);
    if (witness) {
      expect(await witness.finish()).toEqual([]);
      expect(witness.refused()).toBe(0);
      expect(answeredWhileDown).toBeGreaterThan(0);
    }
    if (kind === 'sqlite') {
      await restarted.stop('SIGTERM');
      expect(await database.query('pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    }
  }, 50_000);
});
