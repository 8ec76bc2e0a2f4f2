import type { FastifyInstance } from 'fastify';
import { COMMAND_TYPES, EVENT_TYPES, TypedSchema } from '@tracklane/domain';
import { Type } from 'typebox';
import { createCommandSendService } from './command-send.service.js';
import { requireUser } from './request-context.js';
import { inline } from './schema-ref.js';

const typed = (types: readonly string[]) => types.map((type) => ({ type }));

/** Lists of event types, notification channels and command types that drive the client's forms. */
export default async function catalogRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const commands = createCommandSendService(ctx);
  const Typed = inline(TypedSchema);
  const TypedList = { 200: Type.Array(Typed) };

  /** Channels that can deliver right now: web always, mail, SMS and Firebase only when configured. */
  const notificators = (): string[] => ctx.notifications.available();

  app.get('/api/notifications/types', { schema: { tags: ['notifications'], response: TypedList } }, (request) => {
    requireUser(request);
    return typed(EVENT_TYPES);
  });

  app.get('/api/notifications/notificators', { schema: { tags: ['notifications'], querystring: Type.Object({ announcement: Type.Optional(Type.Boolean()) }), response: TypedList } }, (request) => {
    requireUser(request);
    const { announcement } = request.query as { announcement?: boolean };
    // an announcement is a message to users: not through the live pop-up, nor as a command to a device
    return typed(notificators().filter((type) => !announcement || (type !== 'web' && type !== 'command')));
  });

  app.get('/api/commands/types', { schema: { tags: ['commands'], querystring: Type.Object({ deviceId: Type.Optional(Type.Integer({ minimum: 1 })), textChannel: Type.Optional(Type.Boolean()) }), response: TypedList } }, async (request) => {
    const user = requireUser(request);
    const { deviceId, textChannel = false } = request.query as { deviceId?: number; textChannel?: boolean };
    if (deviceId === undefined) return typed(COMMAND_TYPES);
    return typed(await commands.typesFor(user, deviceId, textChannel));
  });
}
