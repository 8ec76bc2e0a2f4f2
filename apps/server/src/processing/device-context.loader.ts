import type { Device, GeofenceShapeCache, Group } from '@tracklane/domain';
import type { createCalendarCache } from '../calendars/calendar-schedule.js';
import type { EntityRepository } from '../storage/entity.repository.js';
import { chunksOf, ID_CHUNK } from '../storage/id-chunks.js';
import type { ProcessingLink, ProcessingLinkKey } from '../storage/processing.repository.js';
import type { Repositories } from '../storage/repositories.js';
import { buildDeviceContext, groupChain, type DeviceContext, type Schedule } from './device-context.js';
import type { ProcessingConfig } from './settings/processing-config.js';

export interface ContextLoaderDeps {
  repos: Repositories;
  config: ProcessingConfig;
  shapes: GeofenceShapeCache;
  parseCalendar: ReturnType<typeof createCalendarCache>;
}

/** What every context of a batch shares. */
export interface SharedSettings {
  groups: ReadonlyMap<number, Group>;
  serverAttributes: Record<string, unknown>;
}

type LinkIndex = Map<string, number[]>;

const indexLinks = (links: readonly ProcessingLink[]): LinkIndex => {
  const index: LinkIndex = new Map();
  for (const link of links) {
    const key = `${link.key}:${link.owner}`;
    const ids = index.get(key);
    if (ids) ids.push(link.id);
    else index.set(key, [link.id]);
  }
  return index;
};

/** Picks the entities of a set of ids from `list`, keeping the list's order. */
const pickerOf = <T extends { id: number }>(list: readonly T[]) => {
  const rank = new Map(list.map((entity, index) => [entity.id, index]));
  return (ids: ReadonlySet<number>): T[] =>
    [...ids].flatMap((id) => rank.get(id) ?? []).sort((a, b) => a - b).map((index) => list[index]!);
};

/**
 * Loads the contexts of many devices with a few queries for all of them: their links and those of
 * the groups in their chains, then each linked kind of object once, then the calendars. Each
 * device gets what a load of its own would give, in the same order.
 */
export const createDeviceContextLoader = ({ repos, config, shapes, parseCalendar }: ContextLoaderDeps) => {
  /** Entities of `ids` in the repository's list order, whatever the number of ids. */
  const listInOrder = async <T extends { id: number }>(repo: EntityRepository<T>, ids: number[], sortColumn: string): Promise<T[]> => {
    if (ids.length === 0) return [];
    if (ids.length <= ID_CHUNK) return repo.list({ ids, sortColumn });
    // chunks come back each in order; only the database knows how its collation interleaves them
    const [order, chunks] = await Promise.all([repos.processing.idsInListOrder(repo.table, sortColumn), Promise.all(chunksOf(ids).map((chunk) => repo.list({ ids: chunk, sortColumn })))]);
    const byId = new Map(chunks.flat().map((entity) => [entity.id, entity]));
    return order.flatMap((id) => byId.get(id) ?? []);
  };

  /** A calendar that does not parse filters nothing rather than every position. */
  const loadCalendars = async (ids: number[]): Promise<Map<number, Schedule>> => {
    const calendars = (await Promise.all(chunksOf(ids).map((chunk) => repos.calendars.list({ ids: chunk, sortColumn: 'name' })))).flat();
    const parsed = new Map<number, Schedule>();
    for (const calendar of calendars) {
      try {
        parsed.set(calendar.id, parseCalendar(calendar.data));
      } catch {
        // left out: as if the calendar were not set
      }
    }
    return parsed;
  };

  return async (devices: readonly Device[], shared: SharedSettings): Promise<Map<number, DeviceContext | Error>> => {
    const chains = new Map(devices.map((device) => [device.id, groupChain(device.groupId, shared.groups).map((group) => group.id)]));
    const [deviceLinks, groupLinks] = await Promise.all([
      repos.processing.links('deviceId', devices.map((device) => device.id)),
      repos.processing.links('groupId', [...chains.values()].flat()),
    ]);
    const direct = indexLinks(deviceLinks);
    const viaGroups = indexLinks(groupLinks);
    const linkedIds = (device: Device, key: ProcessingLinkKey): Set<number> =>
      new Set([...(direct.get(`${key}:${device.id}`) ?? []), ...chains.get(device.id)!.flatMap((groupId) => viaGroups.get(`${key}:${groupId}`) ?? [])]);
    const allIds = (key: ProcessingLinkKey) => [...new Set([...deviceLinks, ...groupLinks].filter((link) => link.key === key).map((link) => link.id))];

    const [geofences, drivers, maintenances, computedAttributes] = await Promise.all([
      listInOrder(repos.geofences, allIds('geofenceId'), 'name'),
      listInOrder(repos.drivers, allIds('driverId'), 'name'),
      listInOrder(repos.maintenances, allIds('maintenanceId'), 'name'),
      listInOrder(repos.computedAttributes, allIds('attributeId'), 'description'),
    ]);
    const calendarIds = [...new Set([...devices.map((device) => device.calendarId), ...geofences.map((geofence) => geofence.calendarId)].filter((id) => id > 0))];
    const calendars = await loadCalendars(calendarIds);

    const pick = { geofences: pickerOf(geofences), drivers: pickerOf(drivers), maintenances: pickerOf(maintenances), computedAttributes: pickerOf(computedAttributes) };

    const contexts = new Map<number, DeviceContext | Error>();
    for (const device of devices) {
      try {
        contexts.set(device.id, buildDeviceContext({
          device,
          groups: shared.groups,
          serverAttributes: shared.serverAttributes,
          config,
          geofences: pick.geofences(linkedIds(device, 'geofenceId')),
          drivers: pick.drivers(linkedIds(device, 'driverId')),
          maintenances: pick.maintenances(linkedIds(device, 'maintenanceId')),
          computedAttributes: pick.computedAttributes(linkedIds(device, 'attributeId')),
          shapes,
          calendars,
        }));
      } catch (error) {
        contexts.set(device.id, error instanceof Error ? error : new Error(String(error)));
      }
    }
    return contexts;
  };
};
