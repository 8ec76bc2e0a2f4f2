import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseZonedInstant, UserSchema, type User } from '@tracklane/domain';
import { Type } from 'typebox';
import { refOf } from './schema-ref.js';
import { SESSION_COOKIE } from '../auth/authenticator.js';
import { badRequest, notFound, unauthorized } from '../errors.js';
import { createUserRules } from '../auth/user-rules.js';
import { IdParams } from './input-schema.js';
import { PUBLIC, requireUser } from './request-context.js';

const FORM = ['application/x-www-form-urlencoded'];
const TOKEN_LIFETIME_MS = 7 * 86400_000;
const UserRef = refOf(UserSchema);

const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 256 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
  code: Type.Optional(Type.String({ maxLength: 16 })),
});

/** Session and token endpoints (reference §1). */
export default async function sessionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const userRules = createUserRules(ctx.policy, ctx.repos.userAccounts);

  const startSession = async (request: FastifyRequest, reply: FastifyReply, user: User, expiresAt: number | null) => {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await ctx.repos.sessions.deleteSession(previous);
    const timeout = ctx.config.sessionTimeout > 0 ? ctx.now() + ctx.config.sessionTimeout * 1000 : null;
    const end = [expiresAt, timeout].filter((value): value is number => value !== null);
    const id = await ctx.repos.sessions.createSession(user.id, request.headers.origin ?? null, end.length ? Math.min(...end) : null, ctx.now());
    reply.setCookie(SESSION_COOKIE, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.cookieSecure,
      ...(ctx.config.sessionTimeout > 0 ? { maxAge: ctx.config.sessionTimeout } : {}),
    });
    return user;
  };

  app.get('/api/session', { config: PUBLIC, schema: { tags: ['session'], querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 512 })) }), response: { 200: UserRef } } }, async (request, reply) => {
    const { token } = request.query as { token?: string };
    if (token) {
      const user = await ctx.authenticator.fromToken(token);
      if (!user) throw unauthorized('Invalid or expired token');
      const row = await ctx.repos.sessions.findToken(token);
      return startSession(request, reply, user, row?.expiresAt ?? null);
    }
    const session = await ctx.authenticator.sessionOf(request);
    const user = session && (await ctx.repos.users.findById(session.userId));
    if (!user) throw notFound('No session');
    return user;
  });

  const requireForm = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return reply.status(415).send({ statusCode: 415, error: 'Unsupported Media Type', message: 'Send the login as a form' });
    }
  };

  app.post('/api/session', { config: PUBLIC, preValidation: requireForm, schema: { tags: ['session'], consumes: FORM, body: LoginBody, response: { 200: UserRef } } }, async (request, reply) => {
    const { email, password, code } = request.body as { email: string; password: string; code?: string };
    const user = await ctx.passwordLogin.check(email, password, request.ip, code);
    return startSession(request, reply, user, null);
  });

  // "Log in as": administrators, and managers for the users they manage.
  app.get('/api/session/:id', { schema: { tags: ['session'], params: IdParams, response: { 200: UserRef } } }, async (request, reply) => {
    const caller = requireUser(request);
    const { id } = request.params as { id: number };
    const target = await ctx.repos.users.findById(id);
    if (!target) throw notFound(`No user with id ${id}`);
    await userRules.assertImpersonate(caller, id);
    return startSession(request, reply, target, null);
  });

  app.delete('/api/session', { schema: { tags: ['session'] } }, async (request, reply) => {
    requireUser(request);
    if (request.auth?.session) await ctx.repos.sessions.deleteSession(request.auth.session.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.post('/api/session/token', { schema: { tags: ['session'] } }, async (request, reply) => {
    const user = requireUser(request);
    const raw = typeof request.body === 'object' && request.body !== null ? (request.body as { expiration?: unknown }).expiration : undefined;
    if (raw !== undefined && typeof raw !== 'string') throw badRequest('expiration must be an ISO date-time with an offset');
    const requested = raw ? parseZonedInstant(raw) : ctx.now() + TOKEN_LIFETIME_MS;
    if (requested === undefined) throw badRequest('expiration must be an ISO date-time with an offset');
    if (requested <= ctx.now()) throw badRequest('expiration must be in the future');
    const cap = request.auth?.session?.expiresAt ?? null;
    const expiresAt = cap === null ? requested : Math.min(requested, cap);
    return reply.type('text/plain').send(await ctx.repos.sessions.createToken(user.id, expiresAt, ctx.now()));
  });

  app.post('/api/session/token/revoke', { schema: { tags: ['session'], body: Type.Object({ token: Type.String({ minLength: 1 }) }) } }, async (request, reply) => {
    requireUser(request);
    await ctx.repos.sessions.revokeToken((request.body as { token: string }).token);
    return reply.status(204).send();
  });
}
