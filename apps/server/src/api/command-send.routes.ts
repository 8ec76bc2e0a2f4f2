import type { FastifyInstance } from 'fastify';
import { CommandSchema } from '@tracklane/domain';
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
  app.post('/api/commands/send', { schema: { tags, querystring: Type.Object({ groupId: Type.Optional(Type.Integer({ minimum: 1 })) }), body: inputSchema(CommandSchema, { lenient: true }), response: { 200: ref } } }, (request) =>
    service.send(requireUser(request), request.body as CommandRequest, (request.query as { groupId?: number }).groupId),
  );
}
