import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '@tracklane/domain';
import { sendError } from './error-handler.js';
import { latestPositionPages } from '../live/latest-position-pages.js';

/** `/api/socket`: cookie (origin-checked) or `?token=`; the handshake is refused without a user. */
export default async function socketRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const socketUser = new WeakMap<FastifyRequest, User>();

  const authenticate = async (request: FastifyRequest): Promise<User | undefined> => {
    const token = (request.query as { token?: string }).token;
    if (token) return ctx.authenticator.fromToken(token);
    const session = await ctx.authenticator.sessionOf(request);
    const user = session ? await ctx.repos.users.findById(session.userId) : undefined;
    return user && !user.disabled ? user : undefined;
  };

  app.get(
    '/api/socket',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const user = await authenticate(request);
        if (!user) return sendError(reply, request, 401, 'Authentication required');
        socketUser.set(request, user);
      },
    },
    async (socket, request) => {
      const user = socketUser.get(request)!;
      socket.on('message', () => undefined);
      try {
        const followed = ctx.policy.linkedIds(user.id, 'deviceId');
        await ctx.hub.add(user, socket, latestPositionPages(ctx.repos.positions.findLatestRowPage, followed));
      } catch (error) {
        request.log.error({ err: error }, 'socket setup failed');
        socket.close(1011, 'Server error');
      }
    },
  );
}
