import type { Device } from '@tracklane/domain';
import type { Broadcaster } from '../live/live-message.js';
import type { Repositories } from '../storage/repositories.js';
import type { MaybeAsync } from './maybe-async.js';

/**
 * A device found before, kept by the caller between messages of its identifier: while nothing in
 * the cache has changed since, it is still the cached one, and finding it costs no lookup in a
 * 10,000-entry map (a few cache misses each, once a busy ingest has moved everything out of the cache).
 */
export interface RememberedDevice {
  device: Device | undefined;
  /** The cache's count of changes when it was found. */
  at: number;
}

/**
 * The devices that report, by identifier, kept in memory so a busy ingest does not read the device
 * row for every message. Follows the broadcaster (so other instances' changes too): a `device`
 * message replaces the entry, any access change (devices created, edited or removed) empties it.
 * Identifiers that match no device are not remembered, so a device created for them is found at once.
 */
export const createDeviceLookup = (repos: Repositories, broadcaster: Broadcaster) => {
  const byUniqueId = new Map<string, Device>();
  const uniqueIdOf = new Map<number, string>();
  let version = 0;
  /** Bumped whenever an identifier's cached device is dropped or replaced by another object: what a {@link RememberedDevice} checks. */
  let changes = 0;
  /** The device of the position just stored, which the ingest publishes next: already the cached one. */
  let justStored: Device | undefined;

  const remember = (device: Device): void => {
    const previous = uniqueIdOf.get(device.id);
    if (previous !== undefined && previous !== device.uniqueId) byUniqueId.delete(previous);
    changes++;
    byUniqueId.set(device.uniqueId, device);
    uniqueIdOf.set(device.id, device.uniqueId);
  };
  const clear = (): void => {
    version++;
    changes++;
    byUniqueId.clear();
    uniqueIdOf.clear();
  };

  broadcaster.subscribe((message) => {
    if (message.kind === 'access-changed') clear();
    // the ingest publishes the cached object itself after each position: nothing to remember then,
    // nor two lookups in 10,000-entry maps to find that out
    else if (message.kind === 'device' && message.device !== justStored && uniqueIdOf.has(message.device.id) && byUniqueId.get(message.device.uniqueId) !== message.device) remember(message.device);
  });

  return {
    /** Synchronous for a device already in memory; `remembered` is checked first, and keeps the cached device found. */
    find: (uniqueId: string, remembered?: RememberedDevice): MaybeAsync<Device | undefined> => {
      if (remembered?.device && remembered.at === changes) return remembered.device;
      const cached = byUniqueId.get(uniqueId) ?? byUniqueId.get(uniqueId.trim());
      if (cached) {
        if (remembered) {
          remembered.device = cached;
          remembered.at = changes;
        }
        return cached;
      }
      const key = uniqueId.trim();
      const started = version;
      return repos.deviceState.findByUniqueId(key).then((device) => {
        // a change announced while reading may have made this row stale
        if (device && started === version) remember(device);
        return device;
      });
    },
    /**
     * The device after one of its positions was stored: online, updated then, with its latest
     * position. Changed in place, the object the cache already holds: a copy per position lived
     * until the device's next report and so was copied into the old generation at every one.
     * Whoever holds it (the message just published, the ingest's result) holds this device, whose
     * status only ever moves on.
     */
    storedPosition: (device: Device, lastUpdate: string, positionId: number, remembered?: RememberedDevice): Device => {
      device.status = 'online';
      device.lastUpdate = lastUpdate;
      device.positionId = positionId;
      // already the cached one, as a rule: no map to write then (nor to read, when nothing changed since it was found)
      const stillCached = remembered?.device === device && remembered.at === changes;
      if (!stillCached && byUniqueId.get(device.uniqueId) !== device) remember(device);
      justStored = device;
      return device;
    },
  };
};

export type DeviceLookup = ReturnType<typeof createDeviceLookup>;
