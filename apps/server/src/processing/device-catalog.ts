import { createGeofenceShapeCache, type Device, type Group } from '@tracklane/domain';
import { createCalendarCache } from '../calendars/calendar-schedule.js';
import type { Repositories } from '../storage/repositories.js';
import type { ProcessingLinkKey } from '../storage/processing.repository.js';
import { buildDeviceContext, groupChain, type DeviceContext, type Schedule } from './device-context.js';
import { createDeviceSettings, type DeviceSettings } from './settings/device-settings.js';
import type { ProcessingConfig } from './settings/processing-config.js';

const LINK_KEYS: ProcessingLinkKey[] = ['geofenceId', 'driverId', 'maintenanceId', 'attributeId'];

/**
 * Device contexts (settings, linked geofences, drivers, maintenances, computed attributes), each
 * loaded on a device's first position and kept until something they depend on changes:
 * `invalidate()` is called for every settings or access change (app-context wires it to the
 * broadcaster, so other instances hear it too). Geofence areas are parsed once per area text.
 */
export const createDeviceCatalog = (repos: Repositories, config: ProcessingConfig) => {
  const shapes = createGeofenceShapeCache();
  const contexts = new Map<number, DeviceContext>();
  let version = 0;
  let groups: Promise<Map<number, Group>> | undefined;
  let server: Promise<Record<string, unknown>> | undefined;

  const retryOnFailure = <T>(promise: Promise<T>, reset: () => void): Promise<T> => {
    promise.catch(reset);
    return promise;
  };
  const loadGroups = () =>
    (groups ??= retryOnFailure(repos.groups.list({ sortColumn: 'name' }).then((list) => new Map(list.map((group) => [group.id, group]))), () => (groups = undefined)));
  const loadServer = () => (server ??= retryOnFailure(repos.server.get().then((row) => row.attributes), () => (server = undefined)));

  const parsedCalendars = createCalendarCache();
  /** A calendar that does not parse filters nothing rather than every position. */
  const loadCalendar = async (calendarId: number) => {
    if (!calendarId) return undefined;
    const calendar = await repos.calendars.findById(calendarId);
    try {
      return calendar ? parsedCalendars(calendar.data) : undefined;
    } catch {
      return undefined;
    }
  };

  const load = async (device: Device): Promise<DeviceContext> => {
    const started = version;
    const [groupMap, serverAttributes] = await Promise.all([loadGroups(), loadServer()]);
    const chain = groupChain(device.groupId, groupMap).map((group) => group.id);
    const [geofenceIds, driverIds, maintenanceIds, attributeIds] = await Promise.all(LINK_KEYS.map((key) => repos.processing.linkedIds(device.id, chain, key)));
    const [geofences, drivers, maintenances, computedAttributes] = await Promise.all([
      geofenceIds!.length > 0 ? repos.geofences.list({ ids: geofenceIds, sortColumn: 'name' }) : [],
      driverIds!.length > 0 ? repos.drivers.list({ ids: driverIds, sortColumn: 'name' }) : [],
      maintenanceIds!.length > 0 ? repos.maintenances.list({ ids: maintenanceIds, sortColumn: 'name' }) : [],
      attributeIds!.length > 0 ? repos.computedAttributes.list({ ids: attributeIds, sortColumn: 'description' }) : [],
    ]);
    const calendarIds = [...new Set([device.calendarId, ...geofences.map((geofence) => geofence.calendarId)].filter((id) => id > 0))];
    const calendars = new Map<number, Schedule>();
    for (const id of calendarIds) {
      const calendar = await loadCalendar(id);
      if (calendar) calendars.set(id, calendar);
    }
    const context = buildDeviceContext({ device, groups: groupMap, serverAttributes, config, geofences, drivers, maintenances, computedAttributes, shapes, calendars });
    if (started === version) contexts.set(device.id, context);
    return context;
  };

  return {
    contextFor: (device: Device): Promise<DeviceContext> => {
      const cached = contexts.get(device.id);
      return cached ? Promise.resolve(cached) : load(device);
    },
    /** Only the settings (device → groups → server → config), for tasks that need nothing else. */
    settingsFor: async (device: Device): Promise<DeviceSettings> => {
      const [groupMap, serverAttributes] = await Promise.all([loadGroups(), loadServer()]);
      const groupAttributes = groupChain(device.groupId, groupMap).map((group) => group.attributes);
      return createDeviceSettings({ device: device.attributes, groups: groupAttributes, server: serverAttributes, config });
    },
    /** The device's group chain, nearest first. */
    groupsOf: async (device: Device): Promise<Group[]> => groupChain(device.groupId, await loadGroups()),
    invalidate: (): void => {
      version++;
      groups = undefined;
      server = undefined;
      contexts.clear();
    },
    cachedDevices: () => contexts.size,
  };
};

export type DeviceCatalog = ReturnType<typeof createDeviceCatalog>;
