import type { FastifyInstance } from 'fastify';
import { DeviceSchema, UnknownDeviceSchema } from '@tracklane/domain';
import { Type } from 'typebox';
import { refOf } from './schema-ref.js';
import { createAccumulatorService } from './accumulator.service.js';
import { createDeviceService, type DeviceListQuery } from './device.service.js';
import { IdParams, inputSchema } from './input-schema.js';
import { ListQuery } from './list-query.js';
import { requireUser } from './request-context.js';
import { DEVICES } from './resource-definitions.js';

const DeviceListQuerySchema = Type.Object({
  ...ListQuery.properties,
  id: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  uniqueId: Type.Optional(Type.Array(Type.String({ maxLength: 128 }))),
});

const AccumulatorsBody = Type.Object(
  {
    deviceId: Type.Integer({ minimum: 1 }),
    totalDistance: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
    hours: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
  },
  { additionalProperties: false },
);

export default async function deviceRoutes(app: FastifyInstance) {
  const service = createDeviceService(app.ctx);
  const accumulators = createAccumulatorService(app.ctx);
  const ref = refOf(DeviceSchema);
  const tags = ['devices'];
  const body = inputSchema(DeviceSchema, { required: DEVICES.required });
  const id = (params: unknown) => (params as { id: number }).id;

  app.get('/api/devices', { schema: { tags, querystring: DeviceListQuerySchema, response: { 200: Type.Array(ref) } } }, (request) =>
    service.list(requireUser(request), request.query as DeviceListQuery),
  );
  // Tracklane extension: trackers that knocked with an identifier no device has, for administrators to add
  app.get('/api/devices/unknown', { schema: { tags, response: { 200: Type.Array(refOf(UnknownDeviceSchema)) } } }, (request) =>
    service.unknown(requireUser(request)),
  );
  app.get('/api/devices/:id', { schema: { tags, params: IdParams, response: { 200: ref } } }, (request) =>
    service.get(requireUser(request), id(request.params)),
  );
  app.post('/api/devices', { schema: { tags, body, response: { 200: ref } } }, (request) =>
    service.create(requireUser(request), request.body as Record<string, unknown>),
  );
  app.put('/api/devices/:id', { schema: { tags, params: IdParams, body, response: { 200: ref } } }, (request) =>
    service.update(requireUser(request), id(request.params), request.body as Record<string, unknown>),
  );
  app.delete('/api/devices/:id', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await service.remove(requireUser(request), id(request.params));
    return reply.status(204).send();
  });
  app.put('/api/devices/:id/accumulators', { schema: { tags, params: IdParams, body: AccumulatorsBody } }, async (request, reply) => {
    await accumulators.reset(requireUser(request), request.body as { deviceId: number; totalDistance?: number | null; hours?: number | null });
    return reply.status(204).send();
  });
}
