import { sql, type RawBuilder } from 'kysely';
import type { PermissionKey, Server, User } from '@tracklane/domain';
import { forbidden } from '../errors.js';
import type { AccessRepository } from '../storage/access.repository.js';

export type RestrictionFlag = 'readonly' | 'deviceReadonly' | 'limitCommands' | 'disableReports';

const RESTRICTION_MESSAGES: Record<RestrictionFlag, string> = {
  readonly: 'Write access denied',
  deviceReadonly: 'Device write access denied',
  limitCommands: 'Commands are limited to saved commands',
  disableReports: 'Reports are disabled',
};

export const isAdmin = (user: User): boolean => user.administrator;
export const isManager = (user: User): boolean => user.administrator || user.userLimit !== 0;

/**
 * The one place that decides who may see and change what (reference/traccar-api.md §4).
 * Everything is reached through links: directly, through groups (any depth) for devices and
 * groups, and through manager links for users. Administrators pass every object check.
 */
export const createAccessPolicy = (access: AccessRepository) => {
  /** Ids of `key` objects the user reaches through links, ignoring the administrator bypass. */
  const linkedIds = (userId: number, key: PermissionKey): RawBuilder<unknown> => {
    switch (key) {
      case 'deviceId':
      case 'linkedDeviceId':
        return access.deviceIds(userId);
      case 'groupId':
        return access.groupIds(userId);
      case 'userId':
        return sql`(select ${userId} union select "managedUserId" from user_managed_user where "userId" = ${userId})`;
      default:
        return access.directIds('userId', userId, key);
    }
  };

  const restricted = (user: User, server: Server, flag: RestrictionFlag): boolean =>
    !user.administrator && (server[flag] || user[flag]);

  const canAccess = async (user: User, key: PermissionKey, id: number): Promise<boolean> =>
    user.administrator || (id > 0 && (await access.contains(linkedIds(user.id, key), id)));

  return {
    linkedIds,
    restricted,
    canAccess,
    /** Ids reachable by the user, or undefined for administrators (everything). */
    visibleIds: (user: User, key: PermissionKey): RawBuilder<unknown> | undefined =>
      user.administrator ? undefined : linkedIds(user.id, key),
    /** Ids linked to a user directly (no group expansion), for `?userId=` lists. */
    directlyLinkedIds: (userId: number, key: PermissionKey): RawBuilder<unknown> => access.directIds('userId', userId, key),
    /** Ids linked directly to a device or group, for `?deviceId=` / `?groupId=` lists. */
    linkedToOwner: (owner: 'deviceId' | 'groupId', ownerId: number, key: PermissionKey): RawBuilder<unknown> =>
      access.directIds(owner, ownerId, key),
    /**
     * Per device, the users whose links reach it (the ones whose sockets follow it); administrators
     * only through links too. One query per few hundred devices.
     */
    usersSeeingDevices: (deviceIds: readonly number[]): Promise<Map<number, number[]>> => access.userIdsOfDevices(deviceIds),
    countDevices: (user: User): Promise<number> => access.countOf(access.deviceIds(user.id)),
    countManagedUsers: (user: User): Promise<number> => access.countOf(access.directIds('userId', user.id, 'managedUserId')),
    /** Users a user manages directly (manager links are not transitive). */
    managedUserIds: (userId: number): RawBuilder<unknown> => access.directIds('userId', userId, 'managedUserId'),
    /** Users linked directly to a device. */
    usersLinkedToDevice: (deviceId: number): RawBuilder<unknown> => access.ownerIds('userId', 'deviceId', deviceId),
    /** The user directly manages the target (not counting itself or administrator rights). */
    manages: (user: User, targetId: number): Promise<boolean> => access.contains(access.directIds('userId', user.id, 'managedUserId'), targetId),

    assertAdmin: (user: User): void => {
      if (!user.administrator) throw forbidden('Administrator access required');
    },
    assertManager: (user: User): void => {
      if (!isManager(user)) throw forbidden('Manager access required');
    },
    assertAllowed: (user: User, server: Server, flag: RestrictionFlag): void => {
      if (restricted(user, server, flag)) throw forbidden(RESTRICTION_MESSAGES[flag]);
    },
    assertAccess: async (user: User, key: PermissionKey, id: number): Promise<void> => {
      if (!(await canAccess(user, key, id))) throw forbidden(`${key.replace(/Id$/, '')} access denied`);
    },
    /** The user itself, an administrator, or a manager directly managing the user. */
    canManageUser: async (user: User, targetId: number): Promise<boolean> =>
      user.administrator || user.id === targetId || (isManager(user) && (await access.contains(linkedIds(user.id, 'managedUserId'), targetId))),
  };
};

export type AccessPolicy = ReturnType<typeof createAccessPolicy>;
