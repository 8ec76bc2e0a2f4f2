import type { Writable } from 'node:stream';
import type { Device, Event, User } from '@tracklane/domain';
import type { ReportRepository } from '../storage/report.repository.js';
import { eventColumns, routeColumns, stopColumns, summaryColumns, tripColumns, type EventRow, type RouteRow } from './report-columns.js';
import type { ReportFormat } from './report-format.js';
import type { ReportKind, ReportQuery, ReportService } from './report-service.js';
import { writeWorkbook } from './report-workbook.js';

const TITLES: Record<ReportKind, string> = { route: 'Route', events: 'Events', trips: 'Trips', stops: 'Stops', summary: 'Summary' };

/** A report request after validation: who asks, for which devices, the period and the user's format. */
export interface PreparedReport {
  kind: ReportKind;
  user: User;
  devices: Device[];
  query: ReportQuery;
  format: ReportFormat;
}

async function* routeRows(service: ReportService, request: PreparedReport): AsyncGenerator<RouteRow[]> {
  const names = new Map(request.devices.map((device) => [device.id, device.name]));
  for await (const page of service.route(request.devices, request.query)) {
    yield page.map((position) => ({ deviceName: names.get(position.deviceId) ?? '', position }));
  }
}

async function* eventRows(service: ReportService, repo: ReportRepository, request: PreparedReport): AsyncGenerator<EventRow[]> {
  const names = new Map(request.devices.map((device) => [device.id, device.name]));
  const idsOf = (page: Event[], key: 'geofenceId' | 'maintenanceId') => [...new Set(page.map((event) => event[key]).filter((id) => id > 0))];
  for await (const page of service.events(request.user, request.devices, request.query)) {
    const [geofences, maintenances] = await Promise.all([repo.names('geofences', idsOf(page, 'geofenceId')), repo.names('maintenances', idsOf(page, 'maintenanceId'))]);
    yield page.map((event) => ({
      deviceName: names.get(event.deviceId) ?? '',
      event,
      geofence: geofences.get(event.geofenceId) ?? null,
      maintenance: maintenances.get(event.maintenanceId) ?? null,
    }));
  }
}

/** Writes the report as an .xlsx in the user's units and time zone. */
export const writeReportSpreadsheet = async (service: ReportService, repo: ReportRepository, request: PreparedReport, output: Writable): Promise<void> => {
  const { kind, devices, query, format } = request;
  const title = TITLES[kind];
  switch (kind) {
    case 'route':
      return writeWorkbook(output, title, routeColumns(format), routeRows(service, request));
    case 'events':
      return writeWorkbook(output, title, eventColumns(format), eventRows(service, repo, request));
    case 'trips':
      return writeWorkbook(output, title, tripColumns(format), [await service.trips(devices, query)]);
    case 'stops':
      return writeWorkbook(output, title, stopColumns(format), [await service.stops(devices, query)]);
    case 'summary':
      return writeWorkbook(output, title, summaryColumns(format), [await service.summary(devices, query)]);
  }
};

export const reportTitle = (kind: ReportKind): string => TITLES[kind];
