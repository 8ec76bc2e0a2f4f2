import type { Server, User } from '@tracklane/domain';
import { forbidden } from '../errors.js';
import type { Link } from '../storage/link.repository.js';
import type { AccessPolicy } from './access-policy.js';

/**
 * Who may create or delete a permission link (reference §4.7): never a readonly non-administrator;
 * administrators any pair; others must reach both sides — the owner user being themselves or a user
 * they manage, a `managedUserId` only one they already manage.
 */
export const assertMayLink = async (policy: AccessPolicy, user: User, server: Server, link: Link): Promise<void> => {
  policy.assertAllowed(user, server, 'readonly');
  if (user.administrator) return;
  if (link.owner === 'userId') {
    if (!(await policy.canManageUser(user, link.ownerId))) throw forbidden('User access denied');
  } else {
    await policy.assertAccess(user, link.owner, link.ownerId);
  }
  if (link.property === 'managedUserId') {
    if (!(await policy.manages(user, link.propertyId))) throw forbidden('User access denied');
  } else {
    await policy.assertAccess(user, link.property, link.propertyId);
  }
};
