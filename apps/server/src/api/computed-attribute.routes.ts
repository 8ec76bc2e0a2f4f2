import type { FastifyInstance } from 'fastify';
import { ComputedAttributeSchema, type ComputedAttribute } from '@tracklane/domain';
import { Type } from 'typebox';
import { createComputedAttributeService } from './computed-attribute.service.js';
import { inputSchema } from './input-schema.js';
import { requireUser } from './request-context.js';

const TestQuery = Type.Object({ deviceId: Type.Integer({ minimum: 1 }) });

export default async function computedAttributeRoutes(app: FastifyInstance) {
  const service = createComputedAttributeService(app.ctx);
  const body = inputSchema(ComputedAttributeSchema, { required: ['expression', 'type'] });

  // 200 with a JSON number or boolean, or the string as plain text; 204 when the result is null
  app.post('/api/attributes/computed/test', { schema: { tags: ['attributes/computed'], querystring: TestQuery, body } }, async (request, reply) => {
    const { deviceId } = request.query as { deviceId: number };
    const result = await service.test(requireUser(request), deviceId, request.body as ComputedAttribute);
    if (result === null) return reply.status(204).send();
    if (typeof result === 'string') return reply.type('text/plain; charset=utf-8').send(result);
    return reply.type('application/json').send(JSON.stringify(result));
  });
}
