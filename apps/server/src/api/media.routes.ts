import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { badRequest, notFound } from '../errors.js';
import { createMediaStore } from '../storage/media-store.js';
import { requireUser } from './request-context.js';
import { IdParams } from './input-schema.js';

/** Device images a user uploads, by type: the stored file is always `device.<extension>`. */
const IMAGE_TYPES: Record<string, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };
const MAX_IMAGE_BYTES = 500_000;
const MediaParams = Type.Object({ uniqueId: Type.String({ minLength: 1, maxLength: 128 }), file: Type.String({ minLength: 1, maxLength: 128 }) });

/** `POST /api/devices/{id}/image` and `GET /api/media/{uniqueId}/{file}` (reference §2.2, §2.14). */
export default async function mediaRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const store = createMediaStore(ctx.config.mediaRoot);

  // Any body type reaches the handler as bytes, so a wrong type is a short 400 rather than a 415.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/devices/:id/image', { schema: { tags: ['devices'], params: IdParams } }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = request.params as { id: number };
    const device = await ctx.repos.devices.findById(id);
    if (!device) throw notFound(`No device with id ${id}`);
    await ctx.policy.assertAccess(user, 'deviceId', id);
    const server = await ctx.repos.server.get();
    ctx.policy.assertAllowed(user, server, 'readonly');
    ctx.policy.assertAllowed(user, server, 'deviceReadonly');
    const extension = IMAGE_TYPES[String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()];
    if (!extension) throw badRequest('The image must be JPEG, PNG, GIF or WebP');
    const data = request.body;
    if (!Buffer.isBuffer(data) || data.length === 0) throw badRequest('The image is empty');
    if (data.length > MAX_IMAGE_BYTES) throw badRequest(`The image is larger than ${MAX_IMAGE_BYTES} bytes`);
    const file = `device.${extension}`;
    if (!(await store.write(device.uniqueId, file, data))) throw badRequest('The device identifier cannot name a media folder');
    return reply.type('text/plain').send(file);
  });

  app.get('/api/media/:uniqueId/:file', { schema: { tags: ['devices'], params: MediaParams } }, async (request, reply) => {
    const user = requireUser(request);
    const { uniqueId, file } = request.params as { uniqueId: string; file: string };
    const device = await ctx.repos.deviceState.findByUniqueId(uniqueId);
    if (!device) throw notFound('No such media');
    await ctx.policy.assertAccess(user, 'deviceId', device.id);
    const media = await store.read(uniqueId, file);
    if (!media) throw notFound('No such media');
    return reply.type(media.contentType).header('cache-control', 'private, max-age=3600').send(media.data);
  });
}
