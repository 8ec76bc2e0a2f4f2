import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { badRequest } from '../errors.js';
import { NotificationTestError, UnknownNotificatorError } from '../notifications/notification-service.js';
import { requireUser } from './request-context.js';

const NotificatorParams = Type.Object({ notificator: Type.String({ minLength: 1, maxLength: 32 }) });

/** Test messages to the caller: through every configured channel, or one. 204, or 400 naming what failed. */
export default async function notificationRoutes(app: FastifyInstance) {
  const { ctx } = app;
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
}
