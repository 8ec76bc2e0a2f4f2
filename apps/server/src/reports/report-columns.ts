import { fromKnots, fromLitres, fromMetres, type Event, type Position, type StopReportItem, type SummaryReportItem, type TripReportItem } from '@tracklane/domain';
import type { ReportFormat } from './report-format.js';
import { zoneOffsets } from './report-periods.js';

export type CellValue = string | number | boolean | Date | null;

/** One spreadsheet column: header, width in characters, Excel number format, and the cell value of a row. */
export interface ReportColumn<T> {
  header: string;
  width: number;
  numFmt?: string;
  value: (row: T) => CellValue;
}

export interface RouteRow {
  deviceName: string;
  position: Position;
}

export interface EventRow {
  deviceName: string;
  event: Event;
  geofence: string | null;
  maintenance: string | null;
}

const SPEED_LABELS = { kn: 'kn', kmh: 'km/h', mph: 'mph', mps: 'm/s' } as const;
const VOLUME_LABELS = { ltr: 'l', impGal: 'gal (imp)', usGal: 'gal (US)' } as const;
const MILLIS_PER_DAY = 86_400_000;

/** Cell builders in the user's units and time zone. */
const cells = (format: ReportFormat) => {
  const offsetAt = zoneOffsets(format.timeZone);
  return {
    /**
     * Spreadsheets have no time zones: the wall-clock time of the user's zone is written as if it
     * were UTC, which is how Excel reads a date cell.
     */
    time: (iso: string | null): Date | null => {
      if (!iso) return null;
      const instant = Date.parse(iso);
      return new Date(instant + offsetAt(instant));
    },
    distance: (metres: number) => fromMetres(metres, format.distanceUnit),
    speed: (knots: number) => fromKnots(knots, format.speedUnit),
    volume: (litres: number) => fromLitres(litres, format.volumeUnit),
    /** Excel durations are fractions of a day. */
    duration: (milliseconds: number) => milliseconds / MILLIS_PER_DAY,
  };
};

const TIME = 'yyyy-mm-dd hh:mm:ss';
const DURATION = '[h]:mm:ss';
const TWO = '0.00';
const ONE = '0.0';
const COORDINATE = '0.000000';

const units = (format: ReportFormat) => ({ distance: format.distanceUnit, speed: SPEED_LABELS[format.speedUnit], volume: VOLUME_LABELS[format.volumeUnit] });

export const routeColumns = (format: ReportFormat): ReportColumn<RouteRow>[] => {
  const c = cells(format);
  const u = units(format);
  return [
    { header: 'Device', width: 20, value: (row) => row.deviceName },
    { header: 'Fix time', width: 20, numFmt: TIME, value: (row) => c.time(row.position.fixTime) },
    { header: 'Valid', width: 7, value: (row) => row.position.valid },
    { header: 'Latitude', width: 12, numFmt: COORDINATE, value: (row) => row.position.latitude },
    { header: 'Longitude', width: 12, numFmt: COORDINATE, value: (row) => row.position.longitude },
    { header: 'Altitude (m)', width: 12, numFmt: ONE, value: (row) => row.position.altitude },
    { header: `Speed (${u.speed})`, width: 12, numFmt: ONE, value: (row) => c.speed(row.position.speed) },
    { header: 'Course (°)', width: 10, numFmt: '0', value: (row) => row.position.course },
    { header: `Total distance (${u.distance})`, width: 18, numFmt: TWO, value: (row) => c.distance(Number(row.position.attributes.totalDistance ?? 0)) },
    { header: 'Address', width: 40, value: (row) => row.position.address },
  ];
};

export const eventColumns = (format: ReportFormat): ReportColumn<EventRow>[] => {
  const c = cells(format);
  return [
    { header: 'Device', width: 20, value: (row) => row.deviceName },
    { header: 'Time', width: 20, numFmt: TIME, value: (row) => c.time(row.event.eventTime) },
    { header: 'Type', width: 18, value: (row) => row.event.type },
    { header: 'Alarm', width: 14, value: (row) => (typeof row.event.attributes.alarm === 'string' ? row.event.attributes.alarm : null) },
    { header: 'Geofence', width: 20, value: (row) => row.geofence },
    { header: 'Maintenance', width: 20, value: (row) => row.maintenance },
  ];
};

export const tripColumns = (format: ReportFormat): ReportColumn<TripReportItem>[] => {
  const c = cells(format);
  const u = units(format);
  return [
    { header: 'Device', width: 20, value: (row) => row.deviceName },
    { header: 'Start time', width: 20, numFmt: TIME, value: (row) => c.time(row.startTime) },
    { header: `Start odometer (${u.distance})`, width: 18, numFmt: TWO, value: (row) => c.distance(row.startOdometer) },
    { header: 'Start address', width: 40, value: (row) => row.startAddress },
    { header: 'End time', width: 20, numFmt: TIME, value: (row) => c.time(row.endTime) },
    { header: `End odometer (${u.distance})`, width: 18, numFmt: TWO, value: (row) => c.distance(row.endOdometer) },
    { header: 'End address', width: 40, value: (row) => row.endAddress },
    { header: `Distance (${u.distance})`, width: 14, numFmt: TWO, value: (row) => c.distance(row.distance) },
    { header: `Average speed (${u.speed})`, width: 18, numFmt: ONE, value: (row) => c.speed(row.averageSpeed) },
    { header: `Maximum speed (${u.speed})`, width: 18, numFmt: ONE, value: (row) => c.speed(row.maxSpeed) },
    { header: 'Duration', width: 12, numFmt: DURATION, value: (row) => c.duration(row.duration) },
    { header: `Spent fuel (${u.volume})`, width: 14, numFmt: TWO, value: (row) => c.volume(row.spentFuel) },
    { header: 'Driver', width: 20, value: (row) => row.driverName },
  ];
};

export const stopColumns = (format: ReportFormat): ReportColumn<StopReportItem>[] => {
  const c = cells(format);
  const u = units(format);
  return [
    { header: 'Device', width: 20, value: (row) => row.deviceName },
    { header: 'Start time', width: 20, numFmt: TIME, value: (row) => c.time(row.startTime) },
    { header: `Odometer (${u.distance})`, width: 16, numFmt: TWO, value: (row) => c.distance(row.startOdometer) },
    { header: 'Address', width: 40, value: (row) => row.address },
    { header: 'End time', width: 20, numFmt: TIME, value: (row) => c.time(row.endTime) },
    { header: 'Duration', width: 12, numFmt: DURATION, value: (row) => c.duration(row.duration) },
    { header: 'Engine hours', width: 14, numFmt: DURATION, value: (row) => c.duration(row.engineHours) },
    { header: `Spent fuel (${u.volume})`, width: 14, numFmt: TWO, value: (row) => c.volume(row.spentFuel) },
  ];
};

export const summaryColumns = (format: ReportFormat): ReportColumn<SummaryReportItem>[] => {
  const c = cells(format);
  const u = units(format);
  return [
    { header: 'Device', width: 20, value: (row) => row.deviceName },
    { header: 'Start time', width: 20, numFmt: TIME, value: (row) => c.time(row.startTime) },
    { header: 'End time', width: 20, numFmt: TIME, value: (row) => c.time(row.endTime) },
    { header: `Distance (${u.distance})`, width: 14, numFmt: TWO, value: (row) => c.distance(row.distance) },
    { header: `Start odometer (${u.distance})`, width: 18, numFmt: TWO, value: (row) => c.distance(row.startOdometer) },
    { header: `End odometer (${u.distance})`, width: 18, numFmt: TWO, value: (row) => c.distance(row.endOdometer) },
    { header: `Average speed (${u.speed})`, width: 18, numFmt: ONE, value: (row) => c.speed(row.averageSpeed) },
    { header: `Maximum speed (${u.speed})`, width: 18, numFmt: ONE, value: (row) => c.speed(row.maxSpeed) },
    { header: 'Engine hours', width: 14, numFmt: DURATION, value: (row) => c.duration(row.engineHours) },
    { header: `Spent fuel (${u.volume})`, width: 14, numFmt: TWO, value: (row) => c.volume(row.spentFuel) },
  ];
};
