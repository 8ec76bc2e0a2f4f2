import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../errors.js';
import { requireUser } from './request-context.js';

const StreamParams = Type.Object({
  deviceId: Type.Integer({ minimum: 1 }),
  channel: Type.Integer({ minimum: 0, maximum: 255, description: 'Camera channel (JT1078 logical channel)' }),
  file: Type.String({ minLength: 1, maxLength: 32, description: '`live.m3u8` (the HLS playlist) or `<index>.ts` (a segment it lists)' }),
});

const PLAYLIST = 'live.m3u8';
const SEGMENT = /^(\d{1,9})\.ts$/;

/**
 * `GET /api/stream/{deviceId}/{channel}/live.m3u8` and `…/{index}.ts` (reference §2.14): a camera
 * channel's live video as HLS, to whoever may see the device. A playlist changes with every
 * segment, so it is never cached; a segment never changes.
 */
export default async function videoStreamRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/stream/:deviceId/:channel/:file', { schema: { tags: ['devices'], summary: 'Live video of a camera channel as HLS (404 while it is not streaming)', params: StreamParams } }, async (request, reply) => {
    const user = requireUser(request);
    const { deviceId, channel, file } = request.params as { deviceId: number; channel: number; file: string };
    await ctx.policy.assertAccess(user, 'deviceId', deviceId);
    const device = await ctx.repos.devices.findById(deviceId);
    if (!device) throw notFound(`No device with id ${deviceId}`);
    if (file === PLAYLIST) {
      const playlist = ctx.videoStreams.playlist(device.uniqueId, channel);
      if (playlist === undefined) throw notFound(`${device.name} is not streaming video on channel ${channel}`);
      return reply.type('application/vnd.apple.mpegurl').header('cache-control', 'no-store').send(playlist);
    }
    const index = SEGMENT.exec(file)?.[1];
    const segment = index === undefined ? undefined : ctx.videoStreams.segment(device.uniqueId, channel, Number(index));
    if (!segment) throw notFound(`No segment ${file} of ${device.name}'s channel ${channel}`);
    return reply.type('video/mp2t').header('cache-control', 'private, max-age=60').send(segment);
  });
}
