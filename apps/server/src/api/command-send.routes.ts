import type { FastifyInstance } from 'fastify';
import { CommandSchema, QueuedCommandSchema } from '@tracklane/domain';
import { Type } from 'typebox';
import { createCommandSendService, type CommandRequest } from './command-send.service.js';
import { inputSchema } from './input-schema.js';
import { requireUser } from './request-context.js';
import { refOf } from './schema-ref.js';

/** `GET /api/commands/send?deviceId=` (saved commands a device can take) and `POST /api/commands/send`. */
export default async function commandSendRoutes(app: FastifyInstance) {
  const service = createCommandSendService(app.ctx);
  const tags = ['commands'];
  const ref = refOf(CommandSchema);

  app.get('/api/commands/send', { schema: { tags, querystring: Type.Object({ deviceId: Type.Integer({ minimum: 1 }) }), response: { 200: Type.Array(ref) } } }, (request) =>
    service.listFor(requireUser(request), (request.query as { deviceId: number }).deviceId),
  );
  const queued = refOf(QueuedCommandSchema);
  // 200: sent at once; 202: queued for the device's next message (a list of those queued for a group)
  app.post('/api/commands/send', { schema: { tags, querystring: Type.Object({ groupId: Type.Optional(Type.Integer({ minimum: 1 })) }), body: inputSchema(CommandSchema, { lenient: true }), response: { 200: ref, 202: Type.Union([queued, Type.Array(queued)]) } } }, async (request, reply) => {
    const result = await service.send(requireUser(request), request.body as CommandRequest, (request.query as { groupId?: number }).groupId);
    return reply.code(result.status).send(result.body);
  });
}
