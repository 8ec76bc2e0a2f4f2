import type { ComputedAttribute, Device, Driver, Geofence, Group, Maintenance } from '@tracklane/domain';
import type { GeofenceShape, GeofenceShapeCache } from '@tracklane/domain';
import { createDeviceSettings, type DeviceSettings } from './settings/device-settings.js';
import type { ProcessingConfig } from './settings/processing-config.js';

/** A geofence ready for containment tests: parsed once, with its numeric attributes read once. */
export interface PreparedGeofence {
  id: number;
  geofence: Geofence;
  /** Undefined when the area does not parse; such a geofence contains nothing. */
  shape: GeofenceShape | undefined;
  /** Knots; 0 = none. */
  speedLimit: number;
  /** Metres; 0 = no limit. */
  floor: number;
  ceiling: number;
  polylineDistance: number;
  /** Enter and exit count only inside this calendar; undefined = always. */
  calendar?: Schedule;
}

/** A parsed calendar. */
export interface Schedule {
  contains(instant: number): boolean;
}

/** Everything the pipeline needs to know about a device besides its running state. */
export interface DeviceContext {
  device: Device;
  settings: DeviceSettings;
  geofences: readonly PreparedGeofence[];
  geofenceById: ReadonlyMap<number, PreparedGeofence>;
  drivers: readonly Driver[];
  maintenances: readonly Maintenance[];
  /** Linked computed attributes by pass, each in evaluation order (highest priority first). */
  computedAttributes: { early: readonly ComputedAttribute[]; late: readonly ComputedAttribute[] };
  /** The device's calendar: positions outside it are dropped. Undefined when none is set. */
  calendar?: Schedule;
}

const numeric = (value: unknown): number => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : 0;
};

/** The device's group and its ancestors, nearest first; stops on a cycle. */
export const groupChain = (groupId: number, groups: ReadonlyMap<number, Group>): Group[] => {
  const chain: Group[] = [];
  const seen = new Set<number>();
  for (let id = groupId; id > 0 && !seen.has(id); ) {
    seen.add(id);
    const group = groups.get(id);
    if (!group) break;
    chain.push(group);
    id = group.groupId;
  }
  return chain;
};

export const prepareGeofence = (geofence: Geofence, shapes: GeofenceShapeCache, defaultPolylineDistance: number, calendar?: Schedule): PreparedGeofence => ({
  ...(calendar ? { calendar } : {}),
  id: geofence.id,
  geofence,
  shape: shapes.get(geofence.id, geofence.area),
  speedLimit: numeric(geofence.attributes.speedLimit),
  floor: numeric(geofence.attributes.floor),
  ceiling: numeric(geofence.attributes.ceiling),
  polylineDistance: numeric(geofence.attributes.polylineDistance) || defaultPolylineDistance,
});

export interface DeviceContextParts {
  device: Device;
  groups: ReadonlyMap<number, Group>;
  serverAttributes: Record<string, unknown>;
  config: ProcessingConfig;
  geofences: readonly Geofence[];
  drivers: readonly Driver[];
  maintenances: readonly Maintenance[];
  computedAttributes: readonly ComputedAttribute[];
  shapes: GeofenceShapeCache;
  /** Parsed calendars of the device and its geofences, by id. */
  calendars?: ReadonlyMap<number, Schedule>;
}

const byPriority = (a: ComputedAttribute, b: ComputedAttribute) => b.priority - a.priority;

export const buildDeviceContext = (parts: DeviceContextParts): DeviceContext => {
  const settings = createDeviceSettings({
    device: parts.device.attributes,
    groups: groupChain(parts.device.groupId, parts.groups).map((group) => group.attributes),
    server: parts.serverAttributes,
    config: parts.config,
  });
  const geofences = parts.geofences.map((geofence) => prepareGeofence(geofence, parts.shapes, settings.number('geofence.polylineDistance'), parts.calendars?.get(geofence.calendarId)));
  const calendar = parts.calendars?.get(parts.device.calendarId);
  return {
    device: parts.device,
    settings,
    geofences,
    geofenceById: new Map(geofences.map((geofence) => [geofence.id, geofence])),
    drivers: parts.drivers,
    maintenances: parts.maintenances,
    ...(calendar ? { calendar } : {}),
    computedAttributes: {
      early: parts.computedAttributes.filter((attribute) => attribute.priority < 0).sort(byPriority),
      late: parts.computedAttributes.filter((attribute) => attribute.priority >= 0).sort(byPriority),
    },
  };
};
