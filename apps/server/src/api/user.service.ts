import type { User } from '@tracklane/domain';
import type { AppContext } from '../app-context.js';
import { userListRestrictions } from '../auth/list-access.js';
import { createUserRules } from '../auth/user-rules.js';
import { hashPassword } from '../auth/password.js';
import { badRequest, notFound } from '../errors.js';
import { withoutAttributes } from './list-query.js';

type Body = Record<string, unknown>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export interface UserListQuery {
  userId?: number;
  deviceId?: number;
  keyword?: string;
  limit?: number;
  offset?: number;
  excludeAttributes?: boolean;
}

/** User accounts: registration, managers and their users, self-service (reference §4.6). */
export const createUserService = (ctx: AppContext) => {
  const { repos, policy } = ctx;
  const rules = createUserRules(policy, repos.userAccounts);

  const assertEmail = async (email: unknown, exceptId = 0) => {
    if (typeof email !== 'string' || !EMAIL.test(email.trim())) throw badRequest('email must be an e-mail address');
    if (await repos.userAccounts.emailTaken(email, exceptId)) throw badRequest('A user with this e-mail already exists');
  };

  const insert = async (body: Body, managerId: number | undefined): Promise<User> => {
    const hashed = typeof body.password === 'string' && body.password !== '' ? await hashPassword(body.password) : null;
    const id = await ctx.storage.db.transaction().execute(async (trx) => {
      const created = await repos.users.insert(body, trx);
      if (hashed) await repos.userAccounts.setPassword(created, hashed, trx);
      if (managerId !== undefined) await repos.links.add({ owner: 'userId', ownerId: managerId, property: 'managedUserId', propertyId: created }, trx);
      return created;
    });
    return (await repos.users.findById(id))!;
  };

  const load = async (caller: User, id: number): Promise<User> => {
    const user = await repos.users.findById(id);
    if (!user) throw notFound(`No user with id ${id}`);
    await rules.assertManages(caller, id);
    return user;
  };

  return {
    list: async (caller: User, query: UserListQuery): Promise<User[]> => {
      const restrictions = await userListRestrictions(policy, caller, query);
      const users = await repos.users.list({ restrictions, keyword: query.keyword, keywordColumns: ['name', 'email'], sortColumn: 'name', limit: query.limit, offset: query.offset });
      return withoutAttributes(users, query.excludeAttributes);
    },
    get: load,
    create: async (caller: User | undefined, body: Body): Promise<User> => {
      await assertEmail(body.email);
      const creation = await rules.forCreate(caller, await repos.server.get(), body);
      return insert(creation.body, creation.managerId);
    },
    update: async (caller: User, id: number, body: Body): Promise<User> => {
      if (body.id !== undefined && Number(body.id) !== 0 && Number(body.id) !== id) throw badRequest('Body id does not match the path');
      const stored = await load(caller, id);
      rules.assertUpdate(caller, await repos.server.get(), stored, body);
      if (body.email !== undefined) await assertEmail(body.email, id);
      const hashed = typeof body.password === 'string' && body.password !== '' ? await hashPassword(body.password) : undefined;
      await ctx.storage.db.transaction().execute(async (trx) => {
        await repos.users.update(id, { ...stored, ...body }, trx);
        if (hashed) await repos.userAccounts.setPassword(id, hashed, trx);
      });
      return (await repos.users.findById(id))!;
    },
    remove: async (caller: User, id: number): Promise<void> => {
      await load(caller, id);
      rules.assertDelete(caller, await repos.server.get());
      await repos.users.delete(id);
      ctx.broadcaster.publish({ kind: 'access-changed' });
    },
  };
};
