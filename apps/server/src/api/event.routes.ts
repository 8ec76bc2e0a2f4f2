import type { FastifyInstance } from 'fastify';
import { EventSchema } from '@tracklane/domain';
import { Type } from 'typebox';
import { refOf } from './schema-ref.js';
import { notFound } from '../errors.js';
import { IdParams } from './input-schema.js';
import { requireUser } from './request-context.js';

export default async function eventRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/api/events/:id', { schema: { tags: ['events'], params: IdParams, response: { 200: refOf(EventSchema) } } }, async (request) => {
    const user = requireUser(request);
    const event = await ctx.repos.events.findById((request.params as { id: number }).id);
    if (!event) throw notFound('No such event');
    await ctx.policy.assertAccess(user, 'deviceId', event.deviceId);
    return event;
  });
}
