import type { FastifyRequest } from 'fastify';
import type { Server, User } from '@tracklane/domain';
import { unauthorized } from '../errors.js';
import type { AppContext } from '../app-context.js';
import type { Authentication } from '../auth/authenticator.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: Authentication | undefined;
  }
  interface FastifyContextConfig {
    /** Reachable without authentication. */
    public?: boolean;
  }
}

export const PUBLIC = { public: true } as const;

/** The signed-in user, or a 401. */
export const requireUser = (request: FastifyRequest): User => {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
};

export const serverSettings = (request: FastifyRequest): Promise<Server> => request.server.ctx.repos.server.get();

/** Repeated query values arrive as a string or an array; both become an array. */
export const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
