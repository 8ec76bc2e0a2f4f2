import type { Server, User } from '@tracklane/domain';
import type { AppContext } from '../app-context.js';
import { isManager } from '../auth/access-policy.js';
import { hashPassword } from '../auth/password.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { withoutAttributes } from './list-query.js';

type Body = Record<string, unknown>;

const RESTRICTION_FLAGS = ['readonly', 'deviceReadonly', 'disabled', 'limitCommands', 'disableReports', 'fixedEmail'] as const;
const PRIVILEGED_DEFAULTS = { administrator: false, deviceLimit: 0, userLimit: 0 } as const;
/** Preference keys a readonly user may still change on its own account (push tokens, accepted terms). */
const READONLY_EXEMPT_ATTRIBUTES = ['notificationTokens', 'termsAccepted'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const instant = (value: unknown): number | null => (value == null || value === '' ? null : new Date(value as string).getTime());
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

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

  const assertEmail = async (email: unknown, exceptId = 0) => {
    if (typeof email !== 'string' || !EMAIL.test(email.trim())) throw badRequest('email must be an e-mail address');
    if (await repos.userAccounts.emailTaken(email, exceptId)) throw badRequest('A user with this e-mail already exists');
  };

  const hasPrivilegedFields = (body: Body) =>
    Object.entries(PRIVILEGED_DEFAULTS).some(([field, value]) => body[field] !== undefined && body[field] !== value) ||
    RESTRICTION_FLAGS.some((flag) => Boolean(body[flag]));

  const managerChecks = async (caller: User, body: Body) => {
    if (Object.entries(PRIVILEGED_DEFAULTS).some(([field, value]) => body[field] !== undefined && body[field] !== value)) {
      throw forbidden('Managers cannot create administrators, device or user limits');
    }
    const limit = instant(caller.expirationTime);
    const requested = instant(body.expirationTime);
    if (limit !== null && requested !== null && requested > limit) throw forbidden('Expiration beyond your own');
    if (caller.userLimit > 0 && (await policy.countManagedUsers(caller)) >= caller.userLimit) throw forbidden('Manager user limit reached');
  };

  const registrationDefaults = async (server: Server, body: Body): Promise<Body> => {
    if (hasPrivilegedFields(body)) throw forbidden('Registration cannot set privileged fields');
    if (typeof body.password !== 'string' || body.password === '') throw badRequest('password is required');
    if ((await repos.userAccounts.count()) === 0) return { ...body, administrator: true, deviceLimit: -1 };
    if (!server.registration) throw forbidden('Registration disabled');
    if (server.attributes.totpForce === true && !body.totpKey) throw badRequest('A TOTP key is required');
    return { ...body, deviceLimit: -1 };
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
    if (!(await policy.canManageUser(caller, id))) throw forbidden('User access denied');
    return user;
  };

  /** Readonly users may still store push tokens and accept terms on their own account. */
  const onlyExemptChanges = (caller: User, stored: User, body: Body) => {
    if (caller.id !== stored.id) return false;
    const { attributes: newAttributes = {}, password, ...rest } = body as Body & { attributes?: Record<string, unknown> };
    const { attributes: oldAttributes, password: _ignored, ...storedRest } = stored as unknown as Body & { attributes: Record<string, unknown> };
    if (password) return false;
    const strip = (attributes: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(attributes ?? {}).filter(([key]) => !READONLY_EXEMPT_ATTRIBUTES.includes(key)));
    const fieldsSame = Object.keys(rest).every((key) => key === 'id' || same(rest[key], storedRest[key]));
    return fieldsSame && same(strip(newAttributes as Record<string, unknown>), strip(oldAttributes));
  };

  const assertUpdateAllowed = async (caller: User, stored: User, body: Body) => {
    const server = await repos.server.get();
    if (policy.restricted(caller, server, 'readonly') && !onlyExemptChanges(caller, stored, body)) throw forbidden('Write access denied');
    if (caller.administrator) return;
    const changed = (field: keyof User) => body[field] !== undefined && !same(body[field], stored[field]);
    if ((['administrator', 'deviceLimit', 'userLimit'] as const).some(changed)) throw forbidden('Administrator access required');
    const limit = instant(caller.expirationTime);
    if (limit !== null && changed('expirationTime') && (instant(body.expirationTime) ?? Infinity) > limit) throw forbidden('Expiration beyond your own');
    if (RESTRICTION_FLAGS.some(changed) && caller.id === stored.id) throw forbidden('Administrator access required');
    if (changed('email') && stored.fixedEmail) throw forbidden('E-mail change not allowed');
  };

  return {
    list: async (caller: User, query: UserListQuery): Promise<User[]> => {
      const restrictions = [];
      if (query.userId !== undefined) {
        if (!(await policy.canManageUser(caller, query.userId))) throw forbidden('User access denied');
        restrictions.push(ctx.repos.access.directIds('userId', query.userId, 'managedUserId'));
      } else if (!caller.administrator) {
        restrictions.push(ctx.repos.access.directIds('userId', caller.id, 'managedUserId'));
      }
      if (query.deviceId !== undefined) {
        policy.assertManager(caller);
        await policy.assertAccess(caller, 'deviceId', query.deviceId);
        restrictions.push(ctx.repos.access.ownerIds('userId', 'deviceId', query.deviceId));
      }
      const users = await repos.users.list({ restrictions, keyword: query.keyword, keywordColumns: ['name', 'email'], sortColumn: 'name', limit: query.limit, offset: query.offset });
      return withoutAttributes(users, query.excludeAttributes);
    },
    get: load,
    create: async (caller: User | undefined, body: Body): Promise<User> => {
      await assertEmail(body.email);
      if (caller?.administrator) return insert(body, undefined);
      if (caller && isManager(caller)) {
        await managerChecks(caller, body);
        return insert(body, caller.id);
      }
      return insert(await registrationDefaults(await repos.server.get(), body), undefined);
    },
    update: async (caller: User, id: number, body: Body): Promise<User> => {
      if (body.id !== undefined && Number(body.id) !== 0 && Number(body.id) !== id) throw badRequest('Body id does not match the path');
      const stored = await load(caller, id);
      await assertUpdateAllowed(caller, stored, body);
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
      policy.assertAllowed(caller, await repos.server.get(), 'readonly');
      await repos.users.delete(id);
      ctx.broadcaster.publish({ kind: 'access-changed' });
    },
  };
};
