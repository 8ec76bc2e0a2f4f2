import type { Device } from '@tracklane/domain';
import type { Broadcaster } from '../live/live-message.js';
import type { Repositories } from '../storage/repositories.js';
import type { MaybeAsync } from './maybe-async.js';

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

  const remember = (device: Device): void => {
    const previous = uniqueIdOf.get(device.id);
    if (previous !== undefined && previous !== device.uniqueId) byUniqueId.delete(previous);
    byUniqueId.set(device.uniqueId, device);
    uniqueIdOf.set(device.id, device.uniqueId);
  };
  const clear = (): void => {
    version++;
    byUniqueId.clear();
    uniqueIdOf.clear();
  };

  broadcaster.subscribe((message) => {
    if (message.kind === 'access-changed') clear();
    // the ingest publishes the cached object itself after each position: nothing to remember then
    else if (message.kind === 'device' && uniqueIdOf.has(message.device.id) && byUniqueId.get(message.device.uniqueId) !== message.device) remember(message.device);
  });

  return {
    /** Synchronous for a device already in memory. */
    find: (uniqueId: string): MaybeAsync<Device | undefined> => {
      const cached = byUniqueId.get(uniqueId) ?? byUniqueId.get(uniqueId.trim());
      if (cached) return cached;
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
    storedPosition: (device: Device, lastUpdate: string, positionId: number): Device => {
      device.status = 'online';
      device.lastUpdate = lastUpdate;
      device.positionId = positionId;
      // already the cached one, as a rule: no map to write then
      if (byUniqueId.get(device.uniqueId) !== device) remember(device);
      return device;
    },
  };
};

export type DeviceLookup = ReturnType<typeof createDeviceLookup>;
