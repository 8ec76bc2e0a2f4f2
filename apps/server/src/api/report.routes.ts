import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EventSchema, PositionSchema, StopReportItemSchema, SummaryReportItemSchema, TripReportItemSchema, type User } from '@tracklane/domain';
import { Type, type TSchema } from 'typebox';
import { badRequest } from '../errors.js';
import { reportFormatOf } from '../reports/report-format.js';
import { createReportMailer } from '../reports/report-mail.js';
import { createReportService, type ReportKind, type ReportQuery } from '../reports/report-service.js';
import { reportTitle, writeReportSpreadsheet, type PreparedReport } from '../reports/report-spreadsheet.js';
import { SPREADSHEET_TYPE } from '../reports/report-workbook.js';
import { formatLocal } from '../reports/report-periods.js';
import { jsonArrayStream } from './json-stream.js';
import { requireUser } from './request-context.js';
import { refOf } from './schema-ref.js';
import { parseRange, ZonedDateTime } from './time-range.js';

const Ids = (description: string) => Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000, description }));

const BaseQuery = {
  deviceId: Ids('Devices (repeat the parameter); none and no groupId = every device linked to the caller'),
  groupId: Ids('Groups whose devices, sub-groups included, are reported'),
  from: ZonedDateTime,
  to: ZonedDateTime,
  mail: Type.Optional(Type.Boolean({ description: 'With the spreadsheet Accept header: e-mail the spreadsheet instead (204)' })),
};

const QUERIES: Record<ReportKind, TSchema> = {
  route: Type.Object(BaseQuery),
  events: Type.Object({
    ...BaseQuery,
    type: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100, description: 'Event types; none or allEvents = all' })),
    alarm: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100, description: 'For alarm events: only these alarms' })),
  }),
  trips: Type.Object(BaseQuery),
  stops: Type.Object(BaseQuery),
  summary: Type.Object({ ...BaseQuery, daily: Type.Optional(Type.Boolean({ description: "One item per device and day of the user's time zone" })) }),
};

const ITEMS: Record<ReportKind, TSchema> = {
  route: refOf(PositionSchema),
  events: refOf(EventSchema),
  trips: refOf(TripReportItemSchema),
  stops: refOf(StopReportItemSchema),
  summary: refOf(SummaryReportItemSchema),
};

type RawQuery = { deviceId?: number[]; groupId?: number[]; from: string; to: string; mail?: boolean; type?: string[]; alarm?: string[]; daily?: boolean };

const SPREADSHEET_RESPONSE = { description: 'The report as an .xlsx workbook', content: { [SPREADSHEET_TYPE]: { schema: { type: 'string', format: 'binary' } } } };
const MAILED_RESPONSE = { description: 'The spreadsheet is being built and e-mailed to the caller', type: 'null' };

/** JSON unless the client asks for the spreadsheet (and not for JSON). */
const wantsSpreadsheet = (request: FastifyRequest): boolean => {
  const accept = String(request.headers.accept ?? '');
  return accept.includes(SPREADSHEET_TYPE) && !accept.includes('application/json');
};

/**
 * `GET /api/reports/{route|events|trips|stops|summary}` (reference/traccar-api.md §2.10): JSON by
 * default, an .xlsx for the spreadsheet Accept header or the `/xlsx` path, and with `mail=true` or
 * the `/mail` path the spreadsheet e-mailed to the caller in the background (204 at once).
 */
export default async function reportRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const service = createReportService({
    repos: ctx.repos,
    policy: ctx.policy,
    catalog: ctx.processing.catalog,
    processingConfig: ctx.config.processing,
    maxPositions: ctx.config.reportMaxPositions,
  });
  const mailer = createReportMailer(ctx.mailer, ctx.log);
  app.addHook('onClose', () => mailer.drain());

  /** Parses the period, checks the user may run reports, and finds the devices the report covers. */
  const prepare = async (kind: ReportKind, user: User, raw: RawQuery): Promise<PreparedReport> => {
    const range = parseRange(raw.from, raw.to);
    const server = await ctx.repos.server.get();
    const format = reportFormatOf(user, server);
    const query: ReportQuery = {
      deviceIds: raw.deviceId ?? [],
      groupIds: raw.groupId ?? [],
      from: range.from,
      to: range.to,
      types: raw.type ?? [],
      alarms: raw.alarm ?? [],
      daily: raw.daily ?? false,
      timeZone: format.timeZone,
    };
    const devices = await service.devicesOf(user, server, kind, query);
    return { kind, user, devices, query, format };
  };

  const sendJson = async (request: PreparedReport, reply: FastifyReply) => {
    const { kind, user, devices, query } = request;
    switch (kind) {
      case 'route':
        return reply.type('application/json').send(jsonArrayStream(service.routeJson(devices, query)));
      case 'events':
        return reply.type('application/json').send(jsonArrayStream(service.events(user, devices, query)));
      case 'trips':
        return service.trips(devices, query);
      case 'stops':
        return service.stops(devices, query);
      case 'summary':
        return service.summary(devices, query);
    }
  };

  const sendSpreadsheet = (request: PreparedReport, reply: FastifyReply) => {
    const stream = new PassThrough();
    writeReportSpreadsheet(service, ctx.repos.reportData, request, stream).catch((error: unknown) => stream.destroy(error as Error));
    return reply.type(SPREADSHEET_TYPE).header('Content-Disposition', 'attachment; filename=report.xlsx').send(stream);
  };

  const sendMail = (request: PreparedReport, reply: FastifyReply) => {
    if (!mailer.enabled) throw badRequest('E-mail is not configured on this server');
    const { kind, user, query, format } = request;
    const period = `${formatLocal(query.from, format.timeZone)} – ${formatLocal(query.to, format.timeZone)} (${format.timeZone})`;
    mailer.start({
      to: user.email,
      subject: `${reportTitle(kind)} report`,
      text: `The ${kind} report for ${period} is attached.`,
      filename: 'report.xlsx',
      build: (output) => writeReportSpreadsheet(service, ctx.repos.reportData, request, output),
    });
    return reply.status(204).send();
  };

  for (const kind of Object.keys(QUERIES) as ReportKind[]) {
    const base = { tags: ['reports'], querystring: QUERIES[kind] };
    const path = `/api/reports/${kind}`;
    app.get(path, { schema: { ...base, response: { 200: Type.Array(ITEMS[kind]), 204: MAILED_RESPONSE } } }, async (request, reply) => {
      const raw = request.query as RawQuery;
      const prepared = await prepare(kind, requireUser(request), raw);
      if (!wantsSpreadsheet(request)) return sendJson(prepared, reply);
      return raw.mail ? sendMail(prepared, reply) : sendSpreadsheet(prepared, reply);
    });
    app.get(`${path}/xlsx`, { schema: { ...base, response: { 200: SPREADSHEET_RESPONSE } } }, async (request, reply) =>
      sendSpreadsheet(await prepare(kind, requireUser(request), request.query as RawQuery), reply));
    app.get(`${path}/mail`, { schema: { ...base, response: { 204: MAILED_RESPONSE } } }, async (request, reply) =>
      sendMail(await prepare(kind, requireUser(request), request.query as RawQuery), reply));
  }
}
