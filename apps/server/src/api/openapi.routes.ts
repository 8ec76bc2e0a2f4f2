import type { FastifyInstance } from 'fastify';
import { PUBLIC } from './request-context.js';

export default async function openapiRoutes(app: FastifyInstance) {
  app.get('/api/openapi.json', { config: PUBLIC, schema: { hide: true } }, () => app.swagger());
}
