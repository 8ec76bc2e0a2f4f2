import type { Device, Event, Position, Server, StopReportItem, SummaryReportItem, TripReportItem, User } from '@tracklane/domain';
import type { AccessPolicy } from '../auth/access-policy.js';
import { badRequest } from '../errors.js';
import type { DeviceCatalog } from '../processing/device-catalog.js';
import type { ProcessingConfig } from '../processing/settings/processing-config.js';
import type { Repositories } from '../storage/repositories.js';
import { createIntervalDetector, intervalsFromEvents, type IntervalKind, type MotionInterval } from './motion-intervals.js';
import { positionJson } from '../storage/position-json.js';
import { eventPages, leanPositionPages, positionPages, positionRowPages } from './report-pages.js';
import { dailyWindows, type ReportWindow } from './report-periods.js';
import { reportSettingsOf, type ReportSettings } from './report-settings.js';
import { stopItem } from './stop-detector.js';
import { createWindowedSummary, summaryItem } from './summary-calculator.js';
import { tripItem } from './trip-detector.js';

export type ReportKind = 'route' | 'events' | 'trips' | 'stops' | 'summary';

export interface ReportQuery {
  deviceIds: number[];
  groupIds: number[];
  /** Epoch milliseconds, both ends inclusive. */
  from: number;
  to: number;
  /** Events: wanted types; empty or containing allEvents = all. */
  types: string[];
  /** Events: wanted alarms for alarm events; empty = all. */
  alarms: string[];
  /** Summary: one item per device and day of `timeZone`. */
  daily: boolean;
  timeZone: string;
}

export interface ReportServiceDeps {
  repos: Repositories;
  policy: AccessPolicy;
  catalog: Pick<DeviceCatalog, 'settingsFor'>;
  processingConfig: ProcessingConfig;
  /** Route positions per device; 0 = no limit. */
  maxPositions: number;
}

const DEFAULT_FAST_THRESHOLD = 86_400;

const alarmsOf = (event: Event): string[] => String(event.attributes.alarm ?? '').split(',').map((alarm) => alarm.trim());

/**
 * The report engine (reference/processing.md §5): which devices a report covers, and per device the
 * route, events, trips, stops and summary of the period. Positions are read a page at a time;
 * trips, stops and summary over periods longer than `report.fastThreshold` use the stored motion
 * events and the end positions only.
 */
export const createReportService = (deps: ReportServiceDeps) => {
  const { repos, policy, catalog } = deps;
  const data = repos.reportData;
  const fastThreshold = Number(deps.processingConfig['report.fastThreshold'] ?? DEFAULT_FAST_THRESHOLD) * 1000;
  const periodLimit = Number(deps.processingConfig['report.periodLimit'] ?? 0) * 1000;
  const isFast = (query: ReportQuery) => query.to - query.from > fastThreshold;

  /** Refuses restricted users and over-long periods; returns the devices the report covers. */
  const devicesOf = async (user: User, server: Server, kind: ReportKind, query: ReportQuery): Promise<Device[]> => {
    policy.assertAllowed(user, server, 'disableReports');
    if (kind !== 'route' && periodLimit > 0 && query.to - query.from > periodLimit) throw badRequest(`The period is longer than the ${periodLimit / 1000} s limit`);
    // As in Traccar, administrators too report on the devices linked to them.
    return data.devices(policy.linkedIds(user.id, 'deviceId'), query.deviceIds, query.groupIds);
  };

  const settingsOf = async (device: Device): Promise<ReportSettings> => reportSettingsOf(await catalog.settingsFor(device));

  const intervalsOf = async (kind: IntervalKind, device: Device, settings: ReportSettings, query: ReportQuery): Promise<MotionInterval[]> => {
    if (isFast(query)) {
      const [first, last, events] = await Promise.all([
        data.endPosition(device.id, query.from, query.to, 'first'),
        data.endPosition(device.id, query.from, query.to, 'last'),
        data.motionEvents(device.id, query.from, query.to),
      ]);
      return intervalsFromEvents(kind, first, events, last, settings.motion.speedThreshold);
    }
    const detector = createIntervalDetector(kind, settings.motion);
    const intervals: MotionInterval[] = [];
    for await (const page of leanPositionPages(data, device.id, query.from, query.to)) {
      for (const position of page) for (const interval of detector.push(position)) intervals.push(interval);
    }
    return [...intervals, ...detector.finish()];
  };

  const withDriverNames = async (items: TripReportItem[]): Promise<TripReportItem[]> => {
    const names = await data.driverNames([...new Set(items.flatMap((item) => item.driverUniqueId ?? []))]);
    for (const item of items) item.driverName = item.driverUniqueId ? (names.get(item.driverUniqueId) ?? null) : null;
    return items;
  };

  const summaryOf = async (device: Device, settings: ReportSettings, query: ReportQuery): Promise<SummaryReportItem[]> => {
    const windows: ReportWindow[] = query.daily ? dailyWindows(query.from, query.to, query.timeZone) : [{ from: query.from, to: query.to }];
    if (isFast(query)) {
      const items = await Promise.all(windows.map(async (window) => {
        const [first, last] = await Promise.all([data.endPosition(device.id, window.from, window.to, 'first'), data.endPosition(device.id, window.from, window.to, 'last')]);
        return first && last ? summaryItem(first, last, 0, device, settings) : undefined;
      }));
      return items.filter((item) => item !== undefined);
    }
    const summary = createWindowedSummary(windows, device, settings);
    for await (const page of leanPositionPages(data, device.id, query.from, query.to)) for (const position of page) summary.push(position);
    return summary.finish();
  };

  const perDevice = async <T>(devices: Device[], compute: (device: Device, settings: ReportSettings) => Promise<T[]>): Promise<T[]> => {
    const results: T[] = [];
    for (const device of devices) results.push(...(await compute(device, await settingsOf(device))));
    return results;
  };

  return {
    devicesOf,
    trips: async (devices: Device[], query: ReportQuery): Promise<TripReportItem[]> =>
      withDriverNames(await perDevice(devices, async (device, settings) => (await intervalsOf('trips', device, settings, query)).map((interval) => tripItem(interval, device, settings)))),
    stops: (devices: Device[], query: ReportQuery): Promise<StopReportItem[]> =>
      perDevice(devices, async (device, settings) => (await intervalsOf('stops', device, settings, query)).map((interval) => stopItem(interval, device, settings))),
    summary: (devices: Device[], query: ReportQuery): Promise<SummaryReportItem[]> => perDevice(devices, (device, settings) => summaryOf(device, settings, query)),

    /** Positions of each device in turn, ascending by fix time, each device capped at report.maxPositions. */
    route: async function* (devices: Device[], query: ReportQuery): AsyncGenerator<Position[]> {
      for (const device of devices) yield* positionPages(data, device.id, query.from, query.to, deps.maxPositions);
    },

    /** The route as JSON texts of the positions, written straight from the stored rows. */
    routeJson: async function* (devices: Device[], query: ReportQuery): AsyncGenerator<string[]> {
      for (const device of devices) {
        for await (const page of positionRowPages(data, device.id, query.from, query.to, deps.maxPositions)) yield page.map(positionJson);
      }
    },

    /**
     * Events of each device in turn, by event time: the asked types (all for none or allEvents), for
     * alarm events only the asked alarms, and never one pointing at a geofence or maintenance the
     * user cannot see.
     */
    events: async function* (user: User, devices: Device[], query: ReportQuery): AsyncGenerator<Event[]> {
      const types = query.types.length === 0 || query.types.includes('allEvents') ? undefined : query.types;
      const filter = { types, geofenceIds: policy.visibleIds(user, 'geofenceId'), maintenanceIds: policy.visibleIds(user, 'maintenanceId') };
      const alarms = new Set(query.alarms);
      const wanted = (event: Event) => event.type !== 'alarm' || alarms.size === 0 || alarmsOf(event).some((alarm) => alarms.has(alarm));
      for (const device of devices) {
        for await (const page of eventPages(data, device.id, query.from, query.to, filter)) {
          const kept = page.filter(wanted);
          if (kept.length > 0) yield kept;
        }
      }
    },
  };
};

export type ReportService = ReturnType<typeof createReportService>;
