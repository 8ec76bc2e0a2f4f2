import { sql, type Kysely } from 'kysely';
import type { User } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';
import { codecs } from './codecs.js';

export const createUserRepository = (db: Kysely<DatabaseSchema>) => ({
  /** Matches e-mail or login, case-insensitively. */
  findForLogin: async (identifier: string): Promise<{ user: User; hashedPassword: string | null } | undefined> => {
    const needle = identifier.trim().toLowerCase();
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb(sql`lower(email)`, '=', needle), eb(sql`lower(login)`, '=', needle)]))
      .orderBy('id')
      .executeTakeFirst();
    return row ? { user: codecs.user.fromRow(row), hashedPassword: row.hashedPassword } : undefined;
  },

  emailTaken: async (email: string, exceptId = 0): Promise<boolean> => {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  },

  setPassword: async (id: number, hashedPassword: string, trx: Kysely<DatabaseSchema> = db): Promise<void> => {
    await trx.updateTable('users').set({ hashedPassword }).where('id', '=', id).execute();
  },

  count: async (): Promise<number> => {
    const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
    return Number(row?.count ?? 0);
  },
});

export type UserRepository = ReturnType<typeof createUserRepository>;
