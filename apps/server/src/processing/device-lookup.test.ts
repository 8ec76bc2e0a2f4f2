import type { Device } from '@tracklane/domain';
import { describe, expect, it } from 'vitest';
import { createLocalBroadcaster } from '../live/local-broadcaster.js';
import type { Repositories } from '../storage/repositories.js';
import { createDeviceLookup, type RememberedDevice } from './device-lookup.js';

const device = (fields: Partial<Device>): Device => ({ id: 1, name: 'Van', uniqueId: '111', status: 'offline', disabled: false, positionId: 0, groupId: 0, attributes: {}, ...fields }) as Device;

const fakeRepos = (rows: Device[]) => {
  const reads: string[] = [];
  const repos = { deviceState: { findByUniqueId: async (uniqueId: string) => (reads.push(uniqueId), rows.find((row) => row.uniqueId === uniqueId)) } };
  return { repos: repos as unknown as Repositories, reads, rows };
};

describe('createDeviceLookup', () => {
  it('reads a reporting device once, then answers from memory', async () => {
    const { repos, reads } = fakeRepos([device({})]);
    const lookup = createDeviceLookup(repos, createLocalBroadcaster());
    expect((await lookup.find('111'))?.name).toBe('Van');
    expect((await lookup.find(' 111 '))?.name).toBe('Van');
    expect(reads).toEqual(['111']);
  });

  it('sees a device edited or created through the API after the access change is announced', async () => {
    const { repos, rows } = fakeRepos([device({})]);
    const broadcaster = createLocalBroadcaster();
    const lookup = createDeviceLookup(repos, broadcaster);
    await lookup.find('111');
    expect(await lookup.find('222')).toBeUndefined();
    rows[0] = device({ disabled: true });
    rows.push(device({ id: 2, uniqueId: '222' }));
    broadcaster.publish({ kind: 'access-changed' });
    expect((await lookup.find('111'))?.disabled).toBe(true);
    expect((await lookup.find('222'))?.id).toBe(2);
  });

  it('finds a device created for an identifier it did not know, and keeps the ones it remembers', async () => {
    const { repos, rows, reads } = fakeRepos([device({})]);
    const broadcaster = createLocalBroadcaster();
    const lookup = createDeviceLookup(repos, broadcaster);
    await lookup.find('111');
    expect(await lookup.find('222')).toBeUndefined();
    rows.push(device({ id: 2, uniqueId: '222' }));
    broadcaster.publish({ kind: 'device-added' });
    expect((await lookup.find('222'))?.id).toBe(2);
    expect((await lookup.find('111'))?.id).toBe(1);
    expect(reads).toEqual(['111', '222', '222']);
  });

  it('answers a device online, updated and with its latest position once a position of it is stored, without reading it again', async () => {
    const { repos, reads } = fakeRepos([device({})]);
    const lookup = createDeviceLookup(repos, createLocalBroadcaster());
    const found = (await lookup.find('111'))!;
    const stored = lookup.storedPosition(found, '2025-03-01T08:00:01.000+00:00', 42);
    expect(await lookup.find('111')).toMatchObject({ status: 'online', lastUpdate: '2025-03-01T08:00:01.000+00:00', positionId: 42, name: 'Van' });
    expect(stored).toBe(await lookup.find('111'));
    expect(reads).toEqual(['111']);
  });

  it('follows status changes announced for a remembered device, and a changed identifier', async () => {
    const { repos, rows, reads } = fakeRepos([device({})]);
    const broadcaster = createLocalBroadcaster();
    const lookup = createDeviceLookup(repos, broadcaster);
    await lookup.find('111');
    rows[0] = device({ status: 'online', uniqueId: '333' });
    broadcaster.publish({ kind: 'device', device: rows[0] });
    expect((await lookup.find('333'))?.status).toBe('online');
    expect(await lookup.find('111')).toBeUndefined();
    expect(reads).toEqual(['111', '111']);
  });

  it('answers a remembered device while nothing changed, and the changed one once an edit or access change is announced', async () => {
    const { repos, rows } = fakeRepos([device({})]);
    const broadcaster = createLocalBroadcaster();
    const lookup = createDeviceLookup(repos, broadcaster);
    const remembered: RememberedDevice = { device: undefined, at: -1 };
    const found = await lookup.find('111', remembered);
    expect(remembered.device).toBeUndefined(); // read from the database: kept from the next find on
    expect(await lookup.find('111', remembered)).toBe(found);
    expect(remembered.device).toBe(found);
    expect(lookup.find('111', remembered)).toBe(found);

    const edited = device({ name: 'Truck', disabled: true });
    broadcaster.publish({ kind: 'device', device: edited });
    expect(lookup.find('111', remembered)).toBe(edited);

    rows[0] = device({ name: 'Bus' });
    broadcaster.publish({ kind: 'access-changed' });
    expect((await lookup.find('111', remembered))?.name).toBe('Bus');
  });

  it('keeps the stored device cached when the cache was emptied while its position was being stored', async () => {
    const { repos, reads } = fakeRepos([device({})]);
    const broadcaster = createLocalBroadcaster();
    const lookup = createDeviceLookup(repos, broadcaster);
    const remembered: RememberedDevice = { device: undefined, at: -1 };
    await lookup.find('111', remembered);
    const found = (await lookup.find('111', remembered))!;
    broadcaster.publish({ kind: 'access-changed' });
    lookup.storedPosition(found, '2025-03-01T08:00:01.000+00:00', 42, remembered);
    expect(lookup.find('111')).toBe(found);
    expect(reads).toEqual(['111']);
  });
});
