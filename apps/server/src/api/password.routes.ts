import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { hashPassword } from '../auth/password.js';
import { badRequest, notFound } from '../errors.js';
import { PUBLIC } from './request-context.js';

const RESET_LIFETIME_MS = 3600_000;
const FORM = ['application/x-www-form-urlencoded'];

/** Password reset by e-mail: request a link, then set a new password with its one-time token. */
export default async function passwordRoutes(app: FastifyInstance) {
  const { ctx } = app;

  const webUrl = (request: FastifyRequest) => ctx.config.webUrl ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;

  // Always 200, so the answer never tells whether an account exists.
  app.post('/api/password/reset', { config: PUBLIC, schema: { tags: ['session'], consumes: FORM, body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 256 }) }) } }, async (request, reply) => {
    const { email } = request.body as { email: string };
    const found = ctx.mailer && (await ctx.repos.userAccounts.findForLogin(email));
    if (ctx.mailer && found && !found.user.disabled) {
      const token = await ctx.repos.sessions.createPasswordReset(found.user.id, ctx.now() + RESET_LIFETIME_MS);
      const link = `${webUrl(request)}/reset-password?passwordReset=${encodeURIComponent(token)}`;
      await ctx.mailer
        .send({ to: found.user.email, subject: 'Password reset', text: `To choose a new password, open this link within an hour:\n\n${link}\n\nIf you did not ask for this, ignore this message.` })
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
    }
    return reply.status(200).send();
  });

  app.post('/api/password/update', { config: PUBLIC, schema: { tags: ['session'], consumes: FORM, body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }), password: Type.String({ minLength: 1, maxLength: 256 }) }) } }, async (request, reply) => {
    const { token, password } = request.body as { token: string; password: string };
    const userId = await ctx.repos.sessions.takePasswordReset(token, ctx.now());
    if (userId === undefined) throw badRequest('The reset link is invalid or has expired');
    if (!(await ctx.repos.users.findById(userId))) throw notFound('The account no longer exists');
    await ctx.repos.userAccounts.setPassword(userId, await hashPassword(password));
    // whoever held the old password is signed out everywhere
    await ctx.repos.sessions.deleteUserSessions(userId);
    return reply.status(200).send();
  });
}
