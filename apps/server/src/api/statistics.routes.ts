import type { FastifyInstance } from 'fastify';
import { StatisticsSchema } from '@tracklane/domain';
import { Type } from 'typebox';
import { refOf } from './schema-ref.js';
import { requireUser } from './request-context.js';
import { parseRange, ZonedDateTime } from './time-range.js';

export default async function statisticsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const query = Type.Object({ from: ZonedDateTime, to: ZonedDateTime });
  app.get('/api/statistics', { schema: { tags: ['statistics'], querystring: query, response: { 200: Type.Array(refOf(StatisticsSchema)) } } }, async (request) => {
    ctx.policy.assertAdmin(requireUser(request));
    const { from, to } = request.query as { from: string; to: string };
    const range = parseRange(from, to);
    return ctx.repos.statisticsHistory.findRange(range.from, range.to);
  });
}
