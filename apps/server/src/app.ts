import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import {
  CalendarSchema, CommandSchema, QueuedCommandSchema, ComputedAttributeSchema, DeviceSchema, DriverSchema, EventSchema, GeofenceSchema,
  GroupSchema, MaintenanceSchema, NotificationSchema, OrderSchema, PositionSchema, ScheduledReportSchema, ServerSchema,
  StatisticsSchema, StopReportItemSchema, SummaryReportItemSchema, TripReportItemSchema, UnknownDeviceSchema, UserSchema,
} from '@tracklane/domain';
import type { AppContext } from './app-context.js';
import catalogRoutes from './api/catalog.routes.js';
import commandSendRoutes from './api/command-send.routes.js';
import computedAttributeRoutes from './api/computed-attribute.routes.js';
import { registerCors } from './api/cors.js';
import deviceRoutes from './api/device.routes.js';
import { registerErrorHandler, sendError } from './api/error-handler.js';
import eventRoutes from './api/event.routes.js';
import mediaRoutes from './api/media.routes.js';
import videoStreamRoutes from './api/video-stream.routes.js';
import notificationRoutes from './api/notification.routes.js';
import openapiRoutes from './api/openapi.routes.js';
import passwordRoutes from './api/password.routes.js';
import permissionRoutes from './api/permission.routes.js';
import positionRoutes from './api/position.routes.js';
import positionExportRoutes from './api/position-export.routes.js';
import reportRoutes from './api/report.routes.js';
import './api/request-context.js';
import { RESOURCES } from './api/resource-definitions.js';
import { registerResourceRoutes } from './api/resource.routes.js';
import serverRoutes from './api/server.routes.js';
import sessionRoutes from './api/session.routes.js';
import smsRoutes from './api/sms.routes.js';
import socketRoutes from './api/socket.routes.js';
import statisticsRoutes from './api/statistics.routes.js';
import userRoutes from './api/user.routes.js';
import { osmandOptionsOf } from './protocols/osmand/osmand.decoder.js';
import { createOsmAndHandler } from './protocols/osmand/osmand.handler.js';
import { registerRequestCounting } from './statistics/request-counting.js';
import metricsRoutes, { registerRequestMetrics } from './metrics/metrics.routes.js';
import { SERVER_VERSION } from './version.js';
import { unauthorized } from './errors.js';

const SHARED_SCHEMAS = [
  ServerSchema, UserSchema, DeviceSchema, GroupSchema, PositionSchema, EventSchema, GeofenceSchema, NotificationSchema,
  DriverSchema, ComputedAttributeSchema, MaintenanceSchema, CalendarSchema, CommandSchema, QueuedCommandSchema, OrderSchema, ScheduledReportSchema, StatisticsSchema,
  TripReportItemSchema, StopReportItemSchema, SummaryReportItemSchema, UnknownDeviceSchema,
];

/** Schema annotations the storage codec reads; Ajv must accept them as keywords. */
const ANNOTATIONS = ['x-ref', 'x-date', 'x-json', 'x-readonly', 'x-computed', 'x-writeonly'];

const registerWebApp = async (app: FastifyInstance, webRoot: string) => {
  const index = path.join(webRoot, 'index.html');
  if (fs.existsSync(index)) await app.register(fastifyStatic, { root: webRoot, wildcard: false, maxAge: 3600_000 });
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html') && !path.extname(request.url.split('?')[0]!);
    if (isPage && !request.url.startsWith('/api/') && fs.existsSync(index)) return reply.type('text/html').sendFile('index.html');
    return sendError(reply, request, 404, 'Not found');
  });
};

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export const buildApp = async (ctx: AppContext, options: Pick<FastifyServerOptions, 'loggerInstance'> = {}): Promise<FastifyInstance> => {
  const app = Fastify({
    ...options,
    // one id per request in every log line and in the reply, taken from a proxy's X-Request-Id when it looks like one
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allowUnionTypes: true, keywords: ANNOTATIONS } },
  });
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', undefined);
  registerErrorHandler(app);
  registerCors(app, ctx.config.webOrigins);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Tracklane API (Traccar-compatible)', version: SERVER_VERSION }, servers: [{ url: '/' }] },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`) },
  });
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);

  // Authentication comes before validation, so anonymous callers get 401 rather than 400.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.url === undefined || request.routeOptions.url === '/api/socket') return;
    request.auth = await ctx.authenticator.authenticate(request);
    if (!request.auth && !request.routeOptions.config.public) throw unauthorized();
  });
  registerRequestCounting(app, ctx.statistics);
  registerRequestMetrics(app, ctx.metrics);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(sessionRoutes);
  await app.register(passwordRoutes);
  await app.register(serverRoutes);
  await app.register(userRoutes);
  await app.register(deviceRoutes);
  await app.register(mediaRoutes);
  await app.register(videoStreamRoutes);
  await app.register(catalogRoutes);
  await app.register(commandSendRoutes);
  await app.register(notificationRoutes);
  await app.register(computedAttributeRoutes);
  await app.register(async (scope) => RESOURCES.forEach((definition) => registerResourceRoutes(scope, definition)));
  await app.register(permissionRoutes);
  await app.register(positionRoutes);
  await app.register(positionExportRoutes);
  await app.register(reportRoutes);
  await app.register(eventRoutes);
  await app.register(smsRoutes);
  await app.register(statisticsRoutes);
  await app.register(metricsRoutes);
  await app.register(socketRoutes);
  await app.register(openapiRoutes);

  // Phone apps may report through the web port: POST / is the OsmAnd protocol (reference §7.3).
  const osmand = createOsmAndHandler(ctx.ingest, ctx.deviceResolver, ctx.log, ctx.now, osmandOptionsOf(ctx.config.processing), ctx.deviceCommands);
  app.post('/', { config: { rawBody: true } }, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : request.body ? JSON.stringify(request.body) : '';
    const result = await osmand({ method: 'POST', url: request.url, contentType: request.headers['content-type'], remoteAddress: request.ip, body: request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(request.body as Record<string, string>).toString() : body });
    return reply.status(result.status).type('text/plain').send(result.body);
  });

  await registerWebApp(app, ctx.config.webRoot);
  return app;
};
