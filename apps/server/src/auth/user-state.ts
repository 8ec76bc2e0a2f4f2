import type { User } from '@tracklane/domain';

/** Disabled and expired accounts cannot authenticate. */
export const isUsable = (user: User, now: number): boolean =>
  !user.disabled && (user.expirationTime === null || Date.parse(user.expirationTime) > now);
