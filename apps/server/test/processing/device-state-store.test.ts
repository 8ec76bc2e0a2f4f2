import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '@tracklane/domain';
import type { DeviceContext } from '../../src/processing/device-context.js';
import { emptyDeviceState, serializeDurableState, type DeviceState } from '../../src/processing/device-state.js';
import { createDeviceStateStore } from '../../src/processing/device-state-store.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { countedRepositories } from '../helpers/counted-repositories.js';
import { context, device as deviceOf, T0 } from '../helpers/processing-fixtures.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/** More devices than one `in (...)` list takes. */
const FLEET = 600;
/** Each reporting device has eight positions a minute apart. */
const HISTORY = 8;
const OVERSPEEDING = { on: true, time: T0, geofenceId: 0 };

interface Tracker {
  device: Device;
  context: DeviceContext;
  /** Position ids by minute, oldest first; none for a device that never reported. */
  positions: number[];
  overspeeding: boolean;
}

/**
 * Every fourth device has never reported; the others have their history, a fourth of them with a
 * one-minute stop duration instead of the default three; every third has stored detector state.
 */
const createFleet = async (server: TestServer): Promise<Tracker[]> => {
  const { db } = server.ctx.storage;
  const indexes = Array.from({ length: FLEET }, (_, index) => index);
  const reporting = indexes.filter((index) => index % 4 !== 0);
  const rows = reporting.flatMap((index) =>
    Array.from({ length: HISTORY }, (_, minute) => {
      const time = T0 + minute * 60_000;
      return { deviceId: index + 1, protocol: 'osmand', serverTime: time, deviceTime: time, fixTime: time, valid: 1, latitude: 10, longitude: minute / 1000, altitude: 0, speed: 0, course: 0, accuracy: 0, attributes: '{}' };
    }),
  );
  for (let start = 0; start < rows.length; start += 200) await db.insertInto('positions').values(rows.slice(start, start + 200)).execute();
  const stored = await db.selectFrom('positions').select(['id', 'deviceId']).orderBy('fixTime').orderBy('id').execute();
  const positionsOf = new Map<number, number[]>();
  for (const row of stored) positionsOf.set(Number(row.deviceId), [...(positionsOf.get(Number(row.deviceId)) ?? []), Number(row.id)]);

  const overspeeding = indexes.filter((index) => index % 3 === 0);
  for (const index of overspeeding) await server.ctx.repos.processing.saveState(index + 1, serializeDurableState({ ...emptyDeviceState(), overspeed: OVERSPEEDING }));

  return indexes.map((index) => {
    const id = index + 1;
    const positions = positionsOf.get(id) ?? [];
    const device = deviceOf({ id, uniqueId: `tracker-${id}`, positionId: positions.at(-1) ?? 0, attributes: index % 4 === 3 ? { 'report.trip.minDuration': 60 } : {} });
    return { device, context: context({ device }), positions, overspeeding: index % 3 === 0 };
  });
};

/** The state the pipeline starts from, as a user of it would notice. */
const summary = (state: DeviceState) => ({ last: state.last?.id, window: state.window.toArray().map((point) => point.id), overspeed: state.overspeed.on });

/**
 * The latest position, and for the window the positions of the last stop duration (three minutes
 * by default, one for some) plus the one before.
 */
const expected = (tracker: Tracker) => {
  const minutes = tracker.device.attributes['report.trip.minDuration'] === 60 ? 1 : 3;
  return { last: tracker.positions.at(-1), window: tracker.positions.slice(HISTORY - 1 - minutes - 1), overspeed: tracker.overspeeding };
};

/** Repositories whose read of latest positions fails once. */
const failingOnce = (repos: Repositories): Repositories => {
  let failed = false;
  const findByIds: Repositories['positions']['findByIds'] = async (ids) => {
    if (failed) return repos.positions.findByIds(ids);
    failed = true;
    throw new Error('database went away');
  };
  return { ...repos, positions: { ...repos.positions, findByIds } };
};

describe.each(testDatabases())('device state store on $name', (database) => {
  let server: TestServer;
  let fleet: Tracker[];

  beforeAll(async () => {
    server = await startTestServer(database);
    fleet = await createFleet(server);
  }, 120_000);
  afterAll(() => server.close());

  it('loads a fleet asked for at once with a few queries, each device with its own latest position, window and detector state', async () => {
    const { repos, takeCount } = countedRepositories(server.ctx.storage);
    const store = createDeviceStateStore(repos);

    const entries = await Promise.all(fleet.map((tracker) => store.load(tracker.device, tracker.context)));

    expect(takeCount()).toBeLessThanOrEqual(12);
    expect(entries.map((entry) => summary(entry.state))).toEqual(fleet.map(expected));
    const again = fleet.map((tracker) => store.load(tracker.device, tracker.context));
    expect(again.every((entry, index) => entry === entries[index])).toBe(true);
    expect(takeCount()).toBe(0);
    expect(entries.every((entry) => store.durableChange(entry, entry.state) === undefined)).toBe(true);
  });

  it('reads no history when the old motion logic needs no window', async () => {
    const { repos, takeCount } = countedRepositories(server.ctx.storage);
    const store = createDeviceStateStore(repos);
    const oldLogic = fleet.map((tracker) => ({ ...tracker, context: context({ device: tracker.device, config: { 'report.trip.newLogic': false } }) }));

    const entries = await Promise.all(oldLogic.map((tracker) => store.load(tracker.device, tracker.context)));

    expect(takeCount()).toBeLessThanOrEqual(4);
    expect(entries.map((entry) => summary(entry.state))).toEqual(fleet.map((tracker) => ({ ...expected(tracker), window: [] })));
  });

  it('loads a device asked for twice before its load ends once, and alone as in a crowd', async () => {
    const { repos, takeCount } = countedRepositories(server.ctx.storage);
    const store = createDeviceStateStore(repos);
    const tracker = fleet[7]!;

    const [first, second] = [store.load(tracker.device, tracker.context), store.load(tracker.device, tracker.context)];
    expect(second).toBe(first);
    expect(summary((await first).state)).toEqual(expected(tracker));
    expect(takeCount()).toBeLessThanOrEqual(4);
  });

  it('rejects everyone waiting on a failed load, keeps nothing, and loads on the next ask', async () => {
    const store = createDeviceStateStore(failingOnce(server.ctx.repos));
    const trackers = fleet.slice(0, 5);

    const results = await Promise.allSettled(trackers.map((tracker) => store.load(tracker.device, tracker.context)));
    expect(results.map((result) => (result.status === 'rejected' ? (result.reason as Error).message : 'loaded'))).toEqual(Array(5).fill('database went away'));
    expect(store.size()).toBe(0);

    const retried = await Promise.all(trackers.map((tracker) => store.load(tracker.device, tracker.context)));
    expect(retried.map((entry) => summary(entry.state))).toEqual(trackers.map(expected));
    expect(store.size()).toBe(5);
  });
});
