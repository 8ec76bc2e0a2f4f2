import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '@tracklane/domain';
import { createDeviceCatalog, type RememberedContext } from '../../src/processing/device-catalog.js';
import type { DeviceContext } from '../../src/processing/device-context.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { countedRepositories } from '../helpers/counted-repositories.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/** More devices, and more linked geofences, than one `in (...)` list takes. */
const FLEET = 1_100;
const T0 = Date.UTC(2025, 0, 1);
const OFFICE_HOURS = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:office', 'DTSTART:20250101T000000Z', 'DTEND:20250101T010000Z', 'END:VEVENT', 'END:VCALENDAR'].join('\n');

interface Fixture {
  parentGroup: number;
  childGroup: number;
  depot: number;
  driver: number;
  maintenance: number;
  early: number;
  late: number;
  zones: Map<number, number>;
  devices: Device[];
}

/**
 * A fleet where every kind of link shows: a zone of each device's own (named so that name order
 * is the reverse of id order), a depot and an early computed attribute through the parent group,
 * a driver through the child group, a maintenance and a late attribute on some devices directly,
 * office hours or an unreadable calendar on some.
 */
const createFleet = async (repos: Repositories): Promise<Fixture> => {
  const office = await repos.calendars.insert({ name: 'Office hours', data: Buffer.from(OFFICE_HOURS).toString('base64') });
  const broken = await repos.calendars.insert({ name: 'Broken', data: 'not a calendar' });
  const parentGroup = await repos.groups.insert({ name: 'Region', attributes: { 'filter.distance': 25 } });
  const childGroup = await repos.groups.insert({ name: 'Depot crew', groupId: parentGroup });
  const depot = await repos.geofences.insert({ name: 'Depot', area: 'CIRCLE (52.52 13.405, 200)', calendarId: office });
  const driver = await repos.drivers.insert({ name: 'Asha', uniqueId: 'driver-1' });
  const maintenance = await repos.maintenances.insert({ name: 'Oil change', type: 'totalDistance', start: 0, period: 10_000_000 });
  const early = await repos.computedAttributes.insert({ description: 'Early', attribute: 'early', expression: '1', type: 'number', priority: -1 });
  const late = await repos.computedAttributes.insert({ description: 'Late', attribute: 'late', expression: '2', type: 'number', priority: 5 });
  await repos.links.add({ owner: 'groupId', ownerId: parentGroup, property: 'geofenceId', propertyId: depot });
  await repos.links.add({ owner: 'groupId', ownerId: parentGroup, property: 'attributeId', propertyId: early });
  await repos.links.add({ owner: 'groupId', ownerId: childGroup, property: 'driverId', propertyId: driver });

  const indexes = Array.from({ length: FLEET }, (_, index) => index);
  const ids = await Promise.all(indexes.map((index) => repos.devices.insert({
    name: `Tracker ${index}`,
    uniqueId: `tracker-${index}`,
    groupId: [childGroup, parentGroup, 0][index % 3],
    calendarId: [office, broken, 0, 0][index % 4],
  })));
  const zoneIds = await Promise.all(indexes.map((index) => repos.geofences.insert({ name: `Zone ${String(FLEET - index).padStart(5, '0')}`, area: `CIRCLE (10 ${index / 100}, 50)` })));
  await Promise.all(indexes.flatMap((index) => [
    repos.links.add({ owner: 'deviceId', ownerId: ids[index]!, property: 'geofenceId', propertyId: zoneIds[index]! }),
    ...(index % 5 === 0 ? [repos.links.add({ owner: 'deviceId', ownerId: ids[index]!, property: 'maintenanceId', propertyId: maintenance })] : []),
    ...(index % 7 === 0 ? [repos.links.add({ owner: 'deviceId', ownerId: ids[index]!, property: 'attributeId', propertyId: late })] : []),
  ]));
  const devices = await Promise.all(ids.map(async (id) => (await repos.devices.findById(id))!));
  return { parentGroup, childGroup, depot, driver, maintenance, early, late, zones: new Map(ids.map((id, index) => [id, zoneIds[index]!])), devices };
};

/** What a user of the context would notice, for comparison. */
const summary = (context: DeviceContext) => ({
  device: context.device.id,
  geofences: context.geofences.map((geofence) => geofence.id),
  depotHasCalendar: context.geofences.filter((geofence) => geofence.geofence.name === 'Depot').map((geofence) => geofence.calendar !== undefined),
  drivers: context.drivers.map((driver) => driver.id),
  maintenances: context.maintenances.map((maintenance) => maintenance.id),
  early: context.computedAttributes.early.map((attribute) => attribute.id),
  late: context.computedAttributes.late.map((attribute) => attribute.id),
  distance: context.settings.number('filter.distance'),
  calendar: context.calendar ? [context.calendar.contains(T0 + 30 * 60_000), context.calendar.contains(T0 + 2 * 3_600_000)] : 'none',
});

/** The context each device should get, from how the fleet was built. */
const expected = (fixture: Fixture, device: Device, index: number) => {
  const inGroup = device.groupId > 0;
  return {
    device: device.id,
    geofences: inGroup ? [fixture.depot, fixture.zones.get(device.id)] : [fixture.zones.get(device.id)],
    depotHasCalendar: inGroup ? [true] : [],
    drivers: device.groupId === fixture.childGroup ? [fixture.driver] : [],
    maintenances: index % 5 === 0 ? [fixture.maintenance] : [],
    early: inGroup ? [fixture.early] : [],
    late: index % 7 === 0 ? [fixture.late] : [],
    distance: inGroup ? 25 : 0,
    calendar: index % 4 === 0 ? [true, false] : 'none',
  };
};

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Repositories whose link query runs `hook` (once) around the real one. */
const hookedLinks = (repos: Repositories, hook: { before?: () => Promise<void> | void; after?: () => Promise<void> | void }) => {
  const calls: number[][] = [];
  let pending: typeof hook | undefined = hook;
  const links: Repositories['processing']['links'] = async (owner, ids) => {
    if (owner === 'deviceId') calls.push([...ids]);
    const once = pending;
    pending = undefined;
    await once?.before?.();
    const result = await repos.processing.links(owner, ids);
    await once?.after?.();
    return result;
  };
  return { repos: { ...repos, processing: { ...repos.processing, links } }, calls };
};

describe.each(testDatabases())('device catalog on $name', (database) => {
  let server: TestServer;
  let fixture: Fixture;

  beforeAll(async () => {
    server = await startTestServer(database);
    fixture = await createFleet(server.ctx.repos);
  }, 120_000);
  afterAll(() => server.close());

  it('loads a fleet asked for at once with a few queries, each device with its own links and those of its groups', async () => {
    const { repos, takeCount } = countedRepositories(server.ctx.storage);
    const catalog = createDeviceCatalog(repos, server.ctx.config.processing);

    const contexts = await Promise.all(fixture.devices.map((device) => catalog.contextFor(device)));

    expect(takeCount()).toBeLessThanOrEqual(20);
    expect(contexts.map(summary)).toEqual(fixture.devices.map((device, index) => expected(fixture, device, index)));
    const again = fixture.devices.map((device) => catalog.contextFor(device));
    expect(again.every((context, index) => context === contexts[index])).toBe(true);
    expect(takeCount()).toBe(0);
  });

  it('answers a remembered context until an invalidation, and never another device\'s', async () => {
    const catalog = createDeviceCatalog(server.ctx.repos, server.ctx.config.processing);
    const [device, other] = [fixture.devices[0]!, fixture.devices[1]!];
    const remembered: RememberedContext = { context: undefined, contextOf: 0, contextAt: -1 };
    const loaded = await catalog.contextFor(device, remembered);
    expect(catalog.contextFor(device, remembered)).toBe(loaded);
    expect(remembered.context).toBe(loaded);
    expect(summary(await catalog.contextFor(other, remembered))).toEqual(expected(fixture, other, 1));

    catalog.invalidate();
    const fresh = await catalog.contextFor(device, remembered);
    expect(fresh).not.toBe(loaded);
    expect(summary(fresh)).toEqual(expected(fixture, device, 0));
  });

  it('gives a device asked for alone the same context as in a crowd', async () => {
    const catalog = createDeviceCatalog(server.ctx.repos, server.ctx.config.processing);
    for (const index of [0, 1, 2, 3, 35]) {
      const device = fixture.devices[index]!;
      expect(summary(await catalog.contextFor(device))).toEqual(expected(fixture, device, index));
    }
  });

  it('gathers devices asked for while a load runs into the next load', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { repos, calls } = hookedLinks(server.ctx.repos, { before: () => gate });
    const catalog = createDeviceCatalog(repos, server.ctx.config.processing);

    const first = fixture.devices.slice(0, 10).map((device) => catalog.contextFor(device));
    await nextTurn();
    const later: Promise<DeviceContext>[] = [];
    for (const device of fixture.devices.slice(10, 100)) {
      later.push(Promise.resolve(catalog.contextFor(device)));
      if (device.id % 10 === 0) await nextTurn();
    }
    release();
    await Promise.all([...first, ...later]);

    expect(calls.map((ids) => ids.length)).toEqual([10, 90]);
    expect(catalog.cachedDevices()).toBe(100);
  });

  it('does not keep contexts of a load that an invalidation overtook, and loads afresh for whoever asks after it', async () => {
    const device = fixture.devices[2]!;
    let lateZone = 0;
    let afterInvalidation: DeviceContext | Promise<DeviceContext> | undefined;
    const { repos } = hookedLinks(server.ctx.repos, {
      after: async () => {
        lateZone = await server.ctx.repos.geofences.insert({ name: 'Added meanwhile', area: 'CIRCLE (1 1, 10)' });
        await server.ctx.repos.links.add({ owner: 'deviceId', ownerId: device.id, property: 'geofenceId', propertyId: lateZone });
        catalog.invalidate();
        afterInvalidation = catalog.contextFor(device);
      },
    });
    const catalog = createDeviceCatalog(repos, server.ctx.config.processing);

    const stale = await catalog.contextFor(device);
    expect(stale.geofences.map((geofence) => geofence.id)).not.toContain(lateZone);
    expect(catalog.cachedDevices()).toBe(0);

    expect(afterInvalidation).toBeInstanceOf(Promise);
    const fresh = await afterInvalidation!;
    expect(fresh.geofences.map((geofence) => geofence.id)).toContain(lateZone);
    expect(catalog.contextFor(device)).toBe(fresh);
    await server.ctx.repos.geofences.delete(lateZone);
  });

  it('rejects everyone waiting on a failed load, keeps nothing, and loads on the next ask', async () => {
    const { repos } = hookedLinks(server.ctx.repos, {
      before: () => {
        throw new Error('database went away');
      },
    });
    const catalog = createDeviceCatalog(repos, server.ctx.config.processing);
    const devices = fixture.devices.slice(3, 6);

    const results = await Promise.allSettled(devices.map((device) => catalog.contextFor(device)));
    expect(results.map((result) => (result.status === 'rejected' ? (result.reason as Error).message : 'loaded'))).toEqual(Array(3).fill('database went away'));
    expect(catalog.cachedDevices()).toBe(0);

    const retried = await Promise.all(devices.map((device) => catalog.contextFor(device)));
    expect(retried.map(summary)).toEqual(devices.map((device, index) => expected(fixture, device, index + 3)));
    expect(catalog.cachedDevices()).toBe(3);
  });
});
