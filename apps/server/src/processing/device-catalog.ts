import { createGeofenceShapeCache, type Device, type Group } from '@tracklane/domain';
import { createCalendarCache } from '../calendars/calendar-schedule.js';
import type { Repositories } from '../storage/repositories.js';
import { createBatchLoader } from './batch-loader.js';
import { createCachedLoad } from './cached-load.js';
import { groupChain, type DeviceContext } from './device-context.js';
import { createDeviceContextLoader } from './device-context.loader.js';
import { createDeviceSettings, type DeviceSettings } from './settings/device-settings.js';
import type { ProcessingConfig } from './settings/processing-config.js';
import type { MaybeAsync } from './maybe-async.js';

/**
 * A device's context found before, kept by the caller between the device's positions: still the
 * cached one while nothing was invalidated since, so finding it costs no lookup in a 10,000-entry map.
 */
export interface RememberedContext {
  context: DeviceContext | undefined;
  /** The device it is the context of. */
  contextOf: number;
  /** The catalog's version when it was found. */
  contextAt: number;
}

/**
 * Device contexts (settings, linked geofences, drivers, maintenances, computed attributes), each
 * loaded on a device's first position and kept until something they depend on changes:
 * `invalidate()` is called for every settings or access change (app-context wires it to the
 * broadcaster, so other instances hear it too). Geofence areas are parsed once per area text.
 * Devices missing from the cache are loaded in batches (see batch-loader), so that a start or an
 * invalidation with thousands of reporting devices costs a few queries per batch, not per device.
 */
export const createDeviceCatalog = (repos: Repositories, config: ProcessingConfig) => {
  const shapes = createGeofenceShapeCache();
  const contexts = new Map<number, DeviceContext>();
  let version = 0;
  const groups = createCachedLoad(() => repos.groups.list({ sortColumn: 'name' }).then((list) => new Map(list.map((group) => [group.id, group]))));
  const server = createCachedLoad(() => repos.server.get().then((row) => row.attributes));

  const loadContexts = createDeviceContextLoader({ repos, config, shapes, parseCalendar: createCalendarCache() });
  const batches = createBatchLoader<Device, DeviceContext>(async (devices) => {
    const started = version;
    const [groupMap, serverAttributes] = await Promise.all([groups.get(), server.get()]);
    const loaded = await loadContexts([...devices.values()], { groups: groupMap, serverAttributes });
    // a change announced while loading may have made these stale: they serve this load's callers only
    if (started === version) for (const [id, context] of loaded) if (!(context instanceof Error)) contexts.set(id, context);
    return loaded;
  });

  return {
    /** Synchronous when cached; devices asked for together are loaded together. `remembered` is checked first, and keeps the cached context found. */
    contextFor: (device: Device, remembered?: RememberedContext): MaybeAsync<DeviceContext> => {
      if (remembered?.context && remembered.contextAt === version && remembered.contextOf === device.id) return remembered.context;
      const cached = contexts.get(device.id);
      if (cached === undefined) return batches.load(device.id, device);
      if (remembered) {
        remembered.context = cached;
        remembered.contextOf = device.id;
        remembered.contextAt = version;
      }
      return cached;
    },
    /** Only the settings (device → groups → server → config), for tasks that need nothing else. */
    settingsFor: async (device: Device): Promise<DeviceSettings> => {
      const [groupMap, serverAttributes] = await Promise.all([groups.get(), server.get()]);
      const groupAttributes = groupChain(device.groupId, groupMap).map((group) => group.attributes);
      return createDeviceSettings({ device: device.attributes, groups: groupAttributes, server: serverAttributes, config });
    },
    /** Moves on at every settings or access change: settings read at another version may be stale. */
    settingsVersion: (): number => version,
    /** The device's group chain, nearest first. */
    groupsOf: async (device: Device): Promise<Group[]> => groupChain(device.groupId, await groups.get()),
    invalidate: (): void => {
      version++;
      batches.detachRunning();
      groups.reset();
      server.reset();
      contexts.clear();
    },
    cachedDevices: () => contexts.size,
  };
};

export type DeviceCatalog = ReturnType<typeof createDeviceCatalog>;
