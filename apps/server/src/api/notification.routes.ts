import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { NotificationMessageSchema, type NotificationMessageInput } from '@tracklane/domain';
import { createAnnouncementService } from './announcement.service.js';
import { inline } from './schema-ref.js';
import { badRequest } from '../errors.js';
import { NotificationTestError, UnknownNotificatorError } from '../notifications/notification-service.js';
import { asArray, requireUser } from './request-context.js';

const NotificatorParams = Type.Object({ notificator: Type.String({ minLength: 1, maxLength: 32 }) });

/**
 * Test messages to the caller (through every configured channel, or one; 204, or 400 naming what
 * failed) and announcements from managers to their users.
 */
export default async function notificationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const announcements = createAnnouncementService(ctx);
  const sendTest = async (request: Parameters<typeof requireUser>[0], notificator?: string) => {
    try {
      await ctx.notifications.sendTest(requireUser(request), notificator);
    } catch (error) {
      if (error instanceof UnknownNotificatorError || error instanceof NotificationTestError) throw badRequest(error.message);
      throw error;
    }
  };

  app.post('/api/notifications/test', { schema: { tags: ['notifications'] } }, async (request, reply) => {
    await sendTest(request);
    return reply.status(204).send();
  });
  app.post('/api/notifications/test/:notificator', { schema: { tags: ['notifications'], params: NotificatorParams } }, async (request, reply) => {
    await sendTest(request, (request.params as { notificator: string }).notificator);
    return reply.status(204).send();
  });
  const SendQuery = Type.Object({ userId: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000 })) });
  app.post('/api/notifications/send/:notificator', { schema: { tags: ['notifications'], params: NotificatorParams, querystring: SendQuery, body: inline(NotificationMessageSchema) } }, async (request, reply) => {
    const { notificator } = request.params as { notificator: string };
    const userIds = asArray((request.query as { userId?: number[] }).userId);
    await announcements.send(requireUser(request), notificator, userIds, request.body as NotificationMessageInput);
    return reply.status(204).send();
  });
}
