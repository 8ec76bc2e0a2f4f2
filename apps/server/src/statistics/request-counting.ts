import type { FastifyInstance } from 'fastify';
import type { StatisticsCounter } from './statistics-counter.js';

/** Counts every API request once it is answered, and its user when it was authenticated. */
export const registerRequestCounting = (app: FastifyInstance, counter: StatisticsCounter) => {
  app.addHook('onResponse', async (request) => {
    if (request.url.startsWith('/api/')) counter.request(request.auth?.user.id);
  });
};
