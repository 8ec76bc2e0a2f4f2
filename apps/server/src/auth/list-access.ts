import type { RawBuilder } from 'kysely';
import type { PermissionKey, User } from '@tracklane/domain';
import { forbidden } from '../errors.js';
import type { AccessPolicy } from './access-policy.js';

/** The list parameters that decide whose objects a list shows (reference/traccar-api.md §4.4). */
export interface ListScope {
  all?: boolean;
  userId?: number;
  deviceId?: number;
  groupId?: number;
}

export interface ListStyle {
  /** Extended lists also filter by `deviceId` / `groupId`. */
  ownerFilters: boolean;
  /** Simple lists keep group expansion for `?userId=`. */
  expandForUser: boolean;
}

/**
 * The id restrictions of a list request: the caller's own objects by default, everything for `all`
 * from an administrator, another user's direct links for `userId`, and the objects linked to a
 * device or group for `deviceId`/`groupId` (extended lists only).
 */
export const listRestrictions = async (policy: AccessPolicy, user: User, key: PermissionKey, scope: ListScope, style: ListStyle): Promise<RawBuilder<unknown>[]> => {
  const restrictions: RawBuilder<unknown>[] = [];
  if (scope.userId !== undefined) {
    if (!(await policy.canManageUser(user, scope.userId))) throw forbidden('User access denied');
    restrictions.push(style.expandForUser ? policy.linkedIds(scope.userId, key) : policy.directlyLinkedIds(scope.userId, key));
  } else if (!(scope.all && user.administrator)) {
    restrictions.push(policy.linkedIds(user.id, key));
  }
  if (style.ownerFilters) {
    for (const owner of ['deviceId', 'groupId'] as const) {
      const ownerId = scope[owner];
      if (ownerId === undefined) continue;
      await policy.assertAccess(user, owner, ownerId);
      restrictions.push(policy.linkedToOwner(owner, ownerId, key));
    }
  }
  return restrictions;
};

/**
 * `GET /api/users`: administrators see everyone, others the users they manage; `userId` narrows to
 * the users one account manages, `deviceId` (managers only) to the users linked to a device.
 */
export const userListRestrictions = async (policy: AccessPolicy, caller: User, scope: { userId?: number; deviceId?: number }): Promise<RawBuilder<unknown>[]> => {
  const restrictions: RawBuilder<unknown>[] = [];
  if (scope.userId !== undefined) {
    if (!(await policy.canManageUser(caller, scope.userId))) throw forbidden('User access denied');
    restrictions.push(policy.managedUserIds(scope.userId));
  } else if (!caller.administrator) {
    restrictions.push(policy.managedUserIds(caller.id));
  }
  if (scope.deviceId !== undefined) {
    policy.assertManager(caller);
    await policy.assertAccess(caller, 'deviceId', scope.deviceId);
    restrictions.push(policy.usersLinkedToDevice(scope.deviceId));
  }
  return restrictions;
};
