import type { FastifyInstance } from 'fastify';
import { UserSchema } from '@tracklane/domain';
import { Type } from 'typebox';
import { refOf } from './schema-ref.js';
import { IdParams, inputSchema } from './input-schema.js';
import { PUBLIC, requireUser, serverSettings } from './request-context.js';
import { generateTotpKey } from '../auth/totp.js';
import { badRequest } from '../errors.js';
import { createUserService, type UserListQuery } from './user.service.js';

const UserListQuerySchema = Type.Object({
  userId: Type.Optional(Type.Integer({ minimum: 1 })),
  deviceId: Type.Optional(Type.Integer({ minimum: 1 })),
  keyword: Type.Optional(Type.String({ maxLength: 256 })),
  limit: Type.Optional(Type.Integer({ minimum: 0 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  excludeAttributes: Type.Optional(Type.Boolean()),
  all: Type.Optional(Type.Boolean()),
});

export default async function userRoutes(app: FastifyInstance) {
  const service = createUserService(app.ctx);
  const ref = refOf(UserSchema);
  const tags = ['users'];
  const createBody = inputSchema(UserSchema, { required: ['name', 'email'] });
  const updateBody = inputSchema(UserSchema);
  const id = (params: unknown) => (params as { id: number }).id;

  app.get('/api/users', { schema: { tags, querystring: UserListQuerySchema, response: { 200: Type.Array(ref) } } }, (request) =>
    service.list(requireUser(request), request.query as UserListQuery),
  );
  app.get('/api/users/:id', { schema: { tags, params: IdParams, response: { 200: ref } } }, (request) =>
    service.get(requireUser(request), id(request.params)),
  );
  // Anonymous callers may register (subject to server.registration).
  app.post('/api/users', { config: PUBLIC, schema: { tags, body: createBody, response: { 200: ref } } }, (request) =>
    service.create(request.auth?.user, request.body as Record<string, unknown>),
  );
  // A fresh secret for the user to enrol; the client then stores it as the user's totpKey.
  app.post('/api/users/totp', { config: PUBLIC, schema: { tags, response: { 200: Type.String() } } }, async (request, reply) => {
    if ((await serverSettings(request)).attributes.totpEnable !== true) throw badRequest('Two-factor authentication is not enabled on this server');
    return reply.type('text/plain').send(generateTotpKey());
  });
  app.put('/api/users/:id', { schema: { tags, params: IdParams, body: updateBody, response: { 200: ref } } }, (request) =>
    service.update(requireUser(request), id(request.params), request.body as Record<string, unknown>),
  );
  app.delete('/api/users/:id', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await service.remove(requireUser(request), id(request.params));
    return reply.status(204).send();
  });
}
