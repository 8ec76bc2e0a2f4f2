import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { refOf } from './schema-ref.js';
import { inputSchema, IdParams } from './input-schema.js';
import { ListQuery } from './list-query.js';
import { requireUser } from './request-context.js';
import type { ResourceDefinition } from './resource-definitions.js';
import { createResourceService } from './resource.service.js';

/** The five CRUD routes of one generic resource. */
export const registerResourceRoutes = (app: FastifyInstance, definition: ResourceDefinition) => {
  const service = createResourceService(app.ctx, definition);
  const base = `/api/${definition.path}`;
  const ref = refOf(definition.schema);
  const tags = [definition.path];
  const body = inputSchema(definition.schema, { required: definition.required, lenient: definition.lenientInput });

  app.get(base, { schema: { tags, querystring: ListQuery, response: { 200: Type.Array(ref) } } }, (request) =>
    service.list(requireUser(request), request.query as ListQuery),
  );
  app.get(`${base}/:id`, { schema: { tags, params: IdParams, response: { 200: ref } } }, (request) =>
    service.get(requireUser(request), (request.params as { id: number }).id),
  );
  app.post(base, { schema: { tags, body, response: { 200: ref } } }, (request) =>
    service.create(requireUser(request), request.body as Record<string, unknown>),
  );
  app.put(`${base}/:id`, { schema: { tags, params: IdParams, body, response: { 200: ref } } }, (request) =>
    service.update(requireUser(request), (request.params as { id: number }).id, request.body as Record<string, unknown>),
  );
  app.delete(`${base}/:id`, { schema: { tags, params: IdParams } }, async (request, reply) => {
    await service.remove(requireUser(request), (request.params as { id: number }).id);
    return reply.status(204).send();
  });
};
