import { createGeofenceShapeCache, type ComputedAttribute, type Device, type Driver, type Geofence, type Group, type Maintenance } from '@tracklane/domain';
import { buildDeviceContext, type DeviceContext } from '../../src/processing/device-context.js';
import { emptyDeviceState, type DeviceState } from '../../src/processing/device-state.js';
import type { PendingEvent } from '../../src/processing/events/pending-event.js';
import type { PipelinePosition } from '../../src/processing/pipeline-position.js';
import { createPositionPipeline, type PipelineOptions } from '../../src/processing/position-pipeline.js';
import type { ProcessingConfig } from '../../src/processing/settings/processing-config.js';

/** 2025-01-01T00:00:00Z plus minutes. */
export const T0 = Date.UTC(2025, 0, 1);
export const at = (minutes: number, seconds = 0): number => T0 + minutes * 60_000 + seconds * 1000;

/** Longitude offset (degrees) of `metres` east along the equator, with the pipeline's Earth radius. */
export const metresEast = (metres: number): number => metres / ((6_378_137 * Math.PI) / 180);

export const device = (overrides: Partial<Device> = {}): Device => ({
  id: 1, attributes: {}, groupId: 0, calendarId: 0, name: 'Truck', uniqueId: 'truck-1', status: 'online', lastUpdate: null,
  positionId: 0, phone: null, model: null, contact: null, category: null, disabled: false, expirationTime: null, ...overrides,
});

export const geofence = (id: number, area: string, attributes: Record<string, unknown> = {}): Geofence => ({ id, attributes, calendarId: 0, name: `Zone ${id}`, description: null, area });

export interface ContextOptions {
  device?: Partial<Device>;
  groups?: Group[];
  server?: Record<string, unknown>;
  config?: ProcessingConfig;
  geofences?: Geofence[];
  drivers?: Driver[];
  maintenances?: Maintenance[];
  computedAttributes?: ComputedAttribute[];
}

export const context = (options: ContextOptions = {}): DeviceContext =>
  buildDeviceContext({
    device: device(options.device),
    groups: new Map((options.groups ?? []).map((group) => [group.id, group])),
    serverAttributes: options.server ?? {},
    config: options.config ?? {},
    geofences: options.geofences ?? [],
    drivers: options.drivers ?? [],
    maintenances: options.maintenances ?? [],
    computedAttributes: options.computedAttributes ?? [],
    shapes: createGeofenceShapeCache(),
  });

/** A valid fix at the equator unless told otherwise; `time` sets fix, device and server time alike. */
export const position = (fields: Partial<PipelinePosition> & { time?: number } = {}): PipelinePosition => {
  const { time = T0, ...rest } = fields;
  return {
    id: 0, deviceId: 1, protocol: 'osmand', serverTime: time, deviceTime: time, fixTime: time, outdated: false, valid: true,
    latitude: 0, longitude: 0, altitude: 0, speed: 0, course: 0, address: null, accuracy: 0, network: null, geofenceIds: null,
    ...rest, attributes: { ...rest.attributes },
  };
};

/** The short form tests compare: type plus the fields that matter. */
export const brief = (event: PendingEvent) => ({
  type: event.type,
  ...(event.geofenceId ? { geofenceId: event.geofenceId } : {}),
  ...(event.maintenanceId ? { maintenanceId: event.maintenanceId } : {}),
  ...(Object.keys(event.attributes).length > 0 ? { attributes: event.attributes } : {}),
});

/**
 * Feeds positions one after another through the real pipeline, storing each kept one (ids 1, 2, …)
 * the way the ingest does, and returns what each produced.
 */
export const pipelineHarness = (deviceContext: DeviceContext, options: PipelineOptions & { now?: (position: PipelinePosition) => number } = {}) => {
  const pipeline = createPositionPipeline(options);
  let state: DeviceState = emptyDeviceState();
  let nextId = 1;
  const feed = (input: PipelinePosition) => {
    const result = pipeline(input, deviceContext, state, options.now?.(input) ?? input.serverTime);
    if (result.kind === 'filtered') return { filtered: result.filters, events: [] as PendingEvent[], position: input };
    result.position.id = nextId++;
    state = result.state;
    return { filtered: [] as string[], events: result.events, position: result.position };
  };
  return {
    feed,
    /** Events of each position, in the brief form. */
    run: (positions: PipelinePosition[]) => positions.map((p) => feed(p).events.map(brief)),
    state: () => state,
  };
};
