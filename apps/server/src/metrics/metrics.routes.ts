import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../api/request-context.js';
import type { Metrics } from './metrics.js';

/** Times every API request by route; registered on the root instance so it sees every route. */
export const registerRequestMetrics = (app: FastifyInstance, metrics: Metrics) => {
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    metrics.requestDuration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
};

/** Prometheus scrape endpoint. */
export default async function metricsRoutes(app: FastifyInstance) {
  const { metrics } = app.ctx;
  app.get('/metrics', { config: PUBLIC, schema: { hide: true } }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
}
