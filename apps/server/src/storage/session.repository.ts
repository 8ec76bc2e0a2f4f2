import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, SessionRow } from './database-schema.js';

const randomId = () => randomBytes(32).toString('base64url');
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Browser sessions (cookie) and API tokens (Bearer / `?token=`); tokens are stored only as digests. */
export const createSessionRepository = (db: Kysely<DatabaseSchema>) => ({
  createSession: async (userId: number, origin: string | null, expiresAt: number | null, now: number): Promise<string> => {
    const id = randomId();
    await db.insertInto('sessions').values({ id, userId, origin, createdAt: now, expiresAt }).execute();
    return id;
  },
  findSession: (id: string): Promise<SessionRow | undefined> =>
    db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst(),
  deleteSession: async (id: string): Promise<void> => {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
  },
  deleteExpiredSessions: async (now: number): Promise<void> => {
    await db.deleteFrom('sessions').where('expiresAt', '<', now).execute();
    await db.deleteFrom('tokens').where('expiresAt', '<', now).execute();
  },
  createToken: async (userId: number, expiresAt: number, now: number): Promise<string> => {
    const token = randomId();
    await db.insertInto('tokens').values({ id: digest(token), userId, createdAt: now, expiresAt }).execute();
    return token;
  },
  findToken: (token: string) => db.selectFrom('tokens').selectAll().where('id', '=', digest(token)).executeTakeFirst(),
  createPasswordReset: async (userId: number, expiresAt: number): Promise<string> => {
    const token = randomId();
    await db.insertInto('password_resets').values({ id: digest(token), userId, expiresAt }).execute();
    return token;
  },
  /** Consumes a reset token: returns its user when valid and unexpired, and deletes it either way. */
  takePasswordReset: async (token: string, now: number): Promise<number | undefined> => {
    const row = await db.deleteFrom('password_resets').where('id', '=', digest(token)).returning(['userId', 'expiresAt']).executeTakeFirst();
    return row && row.expiresAt > now ? Number(row.userId) : undefined;
  },
  deleteUserSessions: async (userId: number): Promise<void> => {
    await db.deleteFrom('sessions').where('userId', '=', userId).execute();
  },
  revokeToken: async (token: string): Promise<void> => {
    await db.deleteFrom('tokens').where('id', '=', digest(token)).execute();
  },
});

export type SessionRepository = ReturnType<typeof createSessionRepository>;
