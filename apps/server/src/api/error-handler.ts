import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';

const DUPLICATE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);
const MISSING_CODES = new Set(['SQLITE_CONSTRAINT_NOTNULL', '23502']);
const REFERENCE_CODES = new Set(['SQLITE_CONSTRAINT_FOREIGNKEY', '23503']);
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  413: 'Payload Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests', 500: 'Internal Server Error',
};

export const sendError = (reply: FastifyReply, request: FastifyRequest, statusCode: number, message: string) => {
  if (statusCode === 401 && !reply.hasHeader('WWW-Authenticate') && String(request.headers.accept ?? '').includes('text/html')) reply.header('WWW-Authenticate', 'Basic realm="api"');
  return reply.status(statusCode).type('application/json').send({ statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message });
};

const classify = (error: FastifyError & { code?: string; retryAfter?: number }): { status: number; message: string } => {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  if (error.validation) return { status: 400, message: error.message };
  if (error.code && DUPLICATE_CODES.has(error.code)) return { status: 400, message: 'Duplicate value: an object with this identifier already exists' };
  if (error.code && REFERENCE_CODES.has(error.code)) return { status: 400, message: 'Referenced object does not exist' };
  if (error.code && MISSING_CODES.has(error.code)) return { status: 400, message: 'A required field is missing' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return { status: error.statusCode, message: error.message };
  return { status: 500, message: 'Internal server error' };
};

/** One error path: expected failures become short JSON; anything else is logged and hidden. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & { retryAfter?: number; wwwAuthenticate?: string }, request, reply) => {
    const { status, message } = classify(error);
    if (status >= 500) request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    if (error.retryAfter) reply.header('Retry-After', String(error.retryAfter));
    if (error.wwwAuthenticate) reply.header('WWW-Authenticate', error.wwwAuthenticate);
    return sendError(reply, request, status, message);
  });
};
