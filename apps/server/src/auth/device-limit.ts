import type { User } from '@tracklane/domain';
import { forbidden } from '../errors.js';
import type { AccessPolicy } from './access-policy.js';

/**
 * deviceLimit (reference §4.1): -1 unlimited, 0 no device creation, N refused once the user already
 * reaches N devices, counting those reached through groups. Administrators are never limited.
 */
export const assertDeviceLimit = async (policy: AccessPolicy, user: User): Promise<void> => {
  if (user.administrator || user.deviceLimit === -1) return;
  if (user.deviceLimit === 0 || (await policy.countDevices(user)) >= user.deviceLimit) throw forbidden('Device limit reached');
};
