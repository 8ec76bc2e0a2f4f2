import type { FastifyInstance } from 'fastify';

/** CORS for the API as Traccar does it: `*` without Origin, the origin echoed only when allowed. */
export const registerCors = (app: FastifyInstance, allowedOrigins: string[]) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    reply.header('Access-Control-Allow-Headers', 'origin, content-type, accept, authorization');
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    if (!origin) reply.header('Access-Control-Allow-Origin', '*');
    else if (allowedOrigins.includes('*') || allowedOrigins.includes(origin)) reply.header('Access-Control-Allow-Origin', origin);
    if (request.method === 'OPTIONS') return reply.status(204).send();
  });
};
