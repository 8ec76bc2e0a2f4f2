import { Type, type Static } from 'typebox';
import type { RawBuilder } from 'kysely';
import type { PermissionKey, User } from '@tracklane/domain';
import type { AppContext } from '../app-context.js';
import { forbidden } from '../errors.js';

export const ListQuery = Type.Object({
  all: Type.Optional(Type.Boolean()),
  userId: Type.Optional(Type.Integer({ minimum: 1 })),
  deviceId: Type.Optional(Type.Integer({ minimum: 1 })),
  groupId: Type.Optional(Type.Integer({ minimum: 1 })),
  keyword: Type.Optional(Type.String({ maxLength: 256 })),
  limit: Type.Optional(Type.Integer({ minimum: 0 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  excludeAttributes: Type.Optional(Type.Boolean()),
  refresh: Type.Optional(Type.Boolean()),
});
export type ListQuery = Static<typeof ListQuery>;

/**
 * The id restrictions of a list request (reference §4.4): the caller's own objects by default,
 * everything for `all` from an administrator, another user's direct links for `userId`, and the
 * objects linked to a device or group for `deviceId`/`groupId` (extended lists only).
 */
export const listRestrictions = async (
  ctx: AppContext,
  user: User,
  key: PermissionKey,
  query: ListQuery,
  options: { ownerFilters: boolean; expandForUser: boolean },
): Promise<RawBuilder<unknown>[]> => {
  const restrictions: RawBuilder<unknown>[] = [];
  if (query.userId !== undefined) {
    if (!(await ctx.policy.canManageUser(user, query.userId))) throw forbidden('User access denied');
    restrictions.push(options.expandForUser ? ctx.policy.linkedIds(query.userId, key) : ctx.policy.directlyLinkedIds(query.userId, key));
  } else if (!(query.all && user.administrator)) {
    restrictions.push(ctx.policy.linkedIds(user.id, key));
  }
  if (options.ownerFilters) {
    for (const owner of ['deviceId', 'groupId'] as const) {
      const ownerId = query[owner];
      if (ownerId === undefined) continue;
      await ctx.policy.assertAccess(user, owner, ownerId);
      restrictions.push(ctx.policy.linkedToOwner(owner, ownerId, key));
    }
  }
  return restrictions;
};

export const withoutAttributes = <T extends object>(items: T[], exclude: boolean | undefined): T[] =>
  exclude ? items.map((item) => ('attributes' in item ? { ...item, attributes: {} } : item)) : items;
