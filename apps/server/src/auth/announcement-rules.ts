import type { RawBuilder } from 'kysely';
import type { User } from '@tracklane/domain';
import { forbidden } from '../errors.js';
import type { AccessPolicy } from './access-policy.js';

/**
 * Who an announcement may reach (reference §2.5 `notifications/send`): managers and administrators
 * only; named users must be managed by the caller unless it is an administrator. Without names:
 * every managed user, or every user for an administrator (undefined = no restriction).
 */
export const announcementAudience = async (policy: AccessPolicy, caller: User, userIds: number[]): Promise<RawBuilder<unknown> | undefined> => {
  policy.assertManager(caller);
  if (caller.administrator) return undefined;
  for (const id of userIds) if (!(await policy.manages(caller, id))) throw forbidden('User access denied');
  return policy.managedUserIds(caller.id);
};
