import type { FastifyRequest } from 'fastify';
import type { User } from '@tracklane/domain';
import type { Repositories } from '../storage/repositories.js';
import type { SessionRow } from '../storage/database-schema.js';
import type { PasswordLogin } from './password-login.js';
import { isUsable } from './user-state.js';

export const SESSION_COOKIE = 'JSESSIONID';

export interface Authentication {
  user: User;
  session?: SessionRow;
}

/** Same-origin guard for cookie authentication (CSRF): see reference §1.4. */
export const originAllowed = (request: FastifyRequest, sessionOrigin: string | null): boolean => {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (sessionOrigin) return sessionOrigin === origin;
  try {
    return new URL(origin).host.toLowerCase() === String(request.headers.host ?? '').toLowerCase();
  } catch {
    return false;
  }
};

export const createAuthenticator = (repos: Repositories, passwordLogin: PasswordLogin, now: () => number = Date.now) => {
  const usableUser = async (userId: number): Promise<User | undefined> => {
    const user = await repos.users.findById(userId);
    return user && isUsable(user, now()) ? user : undefined;
  };

  const fromToken = async (token: string): Promise<User | undefined> => {
    const row = await repos.sessions.findToken(token);
    return row && row.expiresAt > now() ? usableUser(row.userId) : undefined;
  };

  /** The live session behind the request's cookie (origin-checked, not expired), if any. */
  const sessionOf = async (request: FastifyRequest): Promise<SessionRow | undefined> => {
    const id = request.cookies[SESSION_COOKIE];
    if (!id) return undefined;
    const session = await repos.sessions.findSession(id);
    if (!session || !originAllowed(request, session.origin)) return undefined;
    if (session.expiresAt !== null && session.expiresAt <= now()) {
      await repos.sessions.deleteSession(session.id);
      return undefined;
    }
    return session;
  };

  const fromHeader = async (request: FastifyRequest, header: string): Promise<User | undefined> => {
    const [scheme = '', credentials = ''] = header.split(' ', 2);
    if (scheme.toLowerCase() === 'bearer') return fromToken(credentials);
    if (scheme.toLowerCase() !== 'basic') return undefined;
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) return undefined;
    return passwordLogin.verify(decoded.slice(0, separator), decoded.slice(separator + 1), request.ip);
  };

  return {
    sessionOf,
    fromToken,
    /** Authorization header first (the cookie is then ignored), else the session cookie. */
    authenticate: async (request: FastifyRequest): Promise<Authentication | undefined> => {
      const header = request.headers.authorization;
      if (header) {
        const user = await fromHeader(request, header);
        return user ? { user } : undefined;
      }
      const session = await sessionOf(request);
      if (!session) return undefined;
      const user = await usableUser(session.userId);
      return user ? { user, session } : undefined;
    },
  };
};

export type Authenticator = ReturnType<typeof createAuthenticator>;
