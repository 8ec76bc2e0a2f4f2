import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { ServerSchema, type Server } from '@tracklane/domain';
import { Type } from 'typebox';
import { refOf } from './schema-ref.js';
import { inputSchema } from './input-schema.js';
import { PUBLIC, requireUser } from './request-context.js';
import { SERVER_VERSION } from '../version.js';
import { badRequest } from '../errors.js';

const storageSpace = async (path: string): Promise<number[] | null> => {
  try {
    const stats = await fs.statfs(path);
    return [stats.bavail * stats.bsize, stats.blocks * stats.bsize];
  } catch {
    return null;
  }
};

/** Server settings, time zones and the health check. */
export default async function serverRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const ServerRef = refOf(ServerSchema);

  const withComputedFields = async (server: Server, caller: 'anonymous' | 'user' | 'administrator'): Promise<Server> => ({
    ...server,
    version: SERVER_VERSION,
    emailEnabled: ctx.config.smtp !== undefined,
    textEnabled: ctx.config.notifications.sms !== undefined,
    geocoderEnabled: false,
    openIdEnabled: false,
    openIdForce: false,
    storageSpace: caller === 'administrator' ? await storageSpace(process.cwd()) : null,
    newServer: caller === 'anonymous' && (await ctx.repos.userAccounts.count()) === 0,
  });

  app.get('/api/server', { config: PUBLIC, schema: { tags: ['server'], response: { 200: ServerRef } } }, async (request) => {
    const caller = !request.auth ? 'anonymous' : request.auth.user.administrator ? 'administrator' : 'user';
    return withComputedFields(await ctx.repos.server.get(), caller);
  });

  app.put('/api/server', { schema: { tags: ['server'], body: inputSchema(ServerSchema, { lenient: true }), response: { 200: ServerRef } } }, async (request) => {
    ctx.policy.assertAdmin(requireUser(request));
    await ctx.repos.server.update(request.body as Record<string, unknown>);
    ctx.broadcaster.publish({ kind: 'settings-changed' });
    return withComputedFields(await ctx.repos.server.get(), 'administrator');
  });

  app.get('/api/server/timezones', { schema: { tags: ['server'], response: { 200: Type.Array(Type.String()) } } }, (request) => {
    requireUser(request);
    return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  });

  // No reverse geocoder is built in yet: answered as Traccar does when none is configured.
  const GeocodeQuery = Type.Object({ latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) });
  app.get('/api/server/geocode', { schema: { tags: ['server'], querystring: GeocodeQuery } }, async (request) => {
    requireUser(request);
    throw badRequest('No geocoder is configured on this server');
  });

  app.get('/api/health', { config: PUBLIC, schema: { tags: ['server'] } }, async (_request, reply) => {
    try {
      await ctx.repos.server.get();
    } catch {
      return reply.status(500).type('text/plain').send('Database unavailable');
    }
    try {
      await ctx.broadcaster.check();
    } catch {
      return reply.status(500).type('text/plain').send('Redis unavailable');
    }
    return reply.type('text/plain').send('OK');
  });
}
