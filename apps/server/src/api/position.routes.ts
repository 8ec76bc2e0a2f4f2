import type { FastifyInstance } from 'fastify';
import { PositionSchema, type Position, type User } from '@tracklane/domain';
import { Type } from 'typebox';
import { refOf } from './schema-ref.js';
import { badRequest, notFound } from '../errors.js';
import { IdParams } from './input-schema.js';
import { requireUser } from './request-context.js';
import { parseRange, ZonedDateTime } from './time-range.js';

const PositionQuery = Type.Object({
  id: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000 })),
  deviceId: Type.Optional(Type.Integer({ minimum: 1 })),
  from: Type.Optional(ZonedDateTime),
  to: Type.Optional(ZonedDateTime),
});
type PositionQuery = { id?: number[]; deviceId?: number; from?: string; to?: string };

export default async function positionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { policy, repos } = ctx;
  const tags = ['positions'];

  const assertHistory = async (user: User) => policy.assertAllowed(user, await repos.server.get(), 'disableReports');

  const byIds = async (user: User, ids: number[]): Promise<Position[]> => {
    await assertHistory(user);
    const found = new Map((await repos.positions.findByIds(ids)).map((position) => [position.id, position]));
    const positions = ids.map((id) => found.get(id));
    const missing = ids.find((_id, index) => positions[index] === undefined);
    if (missing !== undefined) throw notFound(`No position with id ${missing}`);
    for (const position of positions) await policy.assertAccess(user, 'deviceId', position!.deviceId);
    return positions as Position[];
  };

  const latest = async (user: User, deviceId: number | undefined): Promise<Position[]> => {
    if (deviceId === undefined) return repos.positions.findLatest(policy.linkedIds(user.id, 'deviceId'), 0);
    await policy.assertAccess(user, 'deviceId', deviceId);
    const device = await repos.devices.findById(deviceId);
    return device && device.positionId ? repos.positions.findByIds([device.positionId]) : [];
  };

  app.get('/api/positions', { schema: { tags, querystring: PositionQuery, response: { 200: Type.Array(refOf(PositionSchema)) } } }, async (request) => {
    const user = requireUser(request);
    const query = request.query as PositionQuery;
    if (query.id?.length) return byIds(user, query.id);
    if (query.from === undefined && query.to === undefined) return latest(user, query.deviceId);
    if (query.deviceId === undefined || query.from === undefined || query.to === undefined) throw badRequest('History needs deviceId, from and to');
    const range = parseRange(query.from, query.to);
    await assertHistory(user);
    await policy.assertAccess(user, 'deviceId', query.deviceId);
    return repos.positions.findRange(query.deviceId, range.from, range.to, ctx.config.reportMaxPositions);
  });

  app.delete('/api/positions/:id', { schema: { tags, params: IdParams } }, async (request, reply) => {
    const user = requireUser(request);
    const [position] = await repos.positions.findByIds([(request.params as { id: number }).id]);
    if (!position) throw notFound('No such position');
    await policy.assertAccess(user, 'deviceId', position.deviceId);
    policy.assertAllowed(user, await repos.server.get(), 'readonly');
    await repos.positions.deleteById(position.id);
    return reply.status(204).send();
  });

  app.delete('/api/positions', { schema: { tags, querystring: Type.Object({ deviceId: Type.Integer({ minimum: 1 }), from: ZonedDateTime, to: ZonedDateTime }) } }, async (request, reply) => {
    const user = requireUser(request);
    const query = request.query as { deviceId: number; from: string; to: string };
    const range = parseRange(query.from, query.to);
    await policy.assertAccess(user, 'deviceId', query.deviceId);
    policy.assertAllowed(user, await repos.server.get(), 'readonly');
    await repos.positions.deleteRange(query.deviceId, range.from, range.to);
    return reply.status(204).send();
  });
}
