import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PermissionSchema } from '@tracklane/domain';
import { Type } from 'typebox';
import { requireUser } from './request-context.js';
import { inline } from './schema-ref.js';
import { createPermissionService } from './permission.service.js';

export default async function permissionRoutes(app: FastifyInstance) {
  const service = createPermissionService(app.ctx);
  const tags = ['permissions'];
  const Permission = inline(PermissionSchema);
  const Bulk = Type.Array(Permission, { minItems: 1, maxItems: 10_000 });
  const respond = (action: 'add' | 'remove', bulk: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const bodies = bulk ? (request.body as Record<string, unknown>[]) : [request.body as Record<string, unknown>];
    await service[action](requireUser(request), bodies);
    return reply.status(204).send();
  };

  app.get('/api/permissions', { schema: { tags, querystring: Type.Record(Type.String(), Type.String()) } }, (request) =>
    service.list(requireUser(request), request.query as Record<string, string>),
  );
  app.post('/api/permissions', { schema: { tags, body: Permission } }, respond('add', false));
  app.delete('/api/permissions', { schema: { tags, body: Permission } }, respond('remove', false));
  app.post('/api/permissions/bulk', { schema: { tags, body: Bulk } }, respond('add', true));
  app.delete('/api/permissions/bulk', { schema: { tags, body: Bulk } }, respond('remove', true));
}
