import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createGeofenceShapeCache, geofenceContains, type Position } from '@tracklane/domain';
import { Type } from 'typebox';
import { notFound } from '../errors.js';
import { positionsCsv, positionsGpx, positionsKml } from '../reports/position-export.js';
import { reportFormatOf } from '../reports/report-format.js';
import { positionPages } from '../reports/report-pages.js';
import { formatLocal } from '../reports/report-periods.js';
import { requireUser } from './request-context.js';
import { parseRange, ZonedDateTime } from './time-range.js';

const ExportQuery = Type.Object({
  deviceId: Type.Integer({ minimum: 1, description: 'Device' }),
  from: ZonedDateTime,
  to: ZonedDateTime,
  geofenceId: Type.Optional(Type.Integer({ minimum: 1, description: 'Only positions inside this geofence' })),
});
type ExportQuery = { deviceId: number; from: string; to: string; geofenceId?: number };

const FORMATS = {
  csv: 'text/csv',
  gpx: 'application/gpx+xml',
  kml: 'application/vnd.google-earth.kml+xml',
} as const;

/** `GET /api/positions/{csv|gpx|kml}`: one device's positions of a period as a file (reference/traccar-api.md §2.8). */
export default async function positionExportRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { policy, repos } = ctx;
  const shapes = createGeofenceShapeCache();

  for (const [extension, contentType] of Object.entries(FORMATS) as [keyof typeof FORMATS, string][]) {
    const schema = { tags: ['positions'], querystring: ExportQuery, response: { 200: { description: `Positions as ${extension.toUpperCase()}`, content: { [contentType]: { schema: { type: 'string' } } } } } };
    app.get(`/api/positions/${extension}`, { schema }, async (request, reply) => {
      const user = requireUser(request);
      const query = request.query as ExportQuery;
      const range = parseRange(query.from, query.to);
      const server = await repos.server.get();
      policy.assertAllowed(user, server, 'disableReports');
      await policy.assertAccess(user, 'deviceId', query.deviceId);
      const device = await repos.devices.findById(query.deviceId);
      if (!device) throw notFound('No such device');
      let inside: (position: Position) => boolean = () => true;
      if (query.geofenceId !== undefined) {
        await policy.assertAccess(user, 'geofenceId', query.geofenceId);
        const geofence = await repos.geofences.findById(query.geofenceId);
        const shape = geofence && shapes.get(geofence.id, geofence.area);
        inside = (position) => shape !== undefined && geofenceContains(shape, position.latitude, position.longitude, Number(geofence?.attributes.polylineDistance) || undefined);
      }
      const pages = async function* () {
        for await (const page of positionPages(repos.reportData, device.id, range.from, range.to, 0)) yield page.filter(inside);
      };
      const format = reportFormatOf(user, server);
      const period = `${formatLocal(range.from, format.timeZone)} – ${formatLocal(range.to, format.timeZone)}`;
      const body = extension === 'csv' ? positionsCsv(pages, format.timeZone) : extension === 'gpx' ? positionsGpx(pages, device.name) : positionsKml(pages, device.name, period);
      return reply.type(contentType).header('Content-Disposition', `attachment; filename=positions.${extension}`).send(Readable.from(body));
    });
  }
}
