import type { User } from '@tracklane/domain';
import { badRequest, tooManyRequests, unauthorized } from '../errors.js';
import type { Repositories } from '../storage/repositories.js';
import type { LoginThrottle } from './login-throttle.js';
import { verifyPassword } from './password.js';
import { assertSecondFactor } from './totp.js';
import { isUsable } from './user-state.js';

const accountKey = (identifier: string) => `account:${identifier.trim().toLowerCase()}`;
const throttleKeys = (identifier: string, address: string) => [`ip:${address}`, accountKey(identifier)];

/** E-mail (or login) and password checks shared by the login form and Basic authentication. */
export const createPasswordLogin = (repos: Repositories, throttle: LoginThrottle, now: () => number = Date.now) => {
  const check = async (identifier: string, password: string, address: string, code?: string): Promise<User> => {
    const keys = throttleKeys(identifier, address);
    const wait = throttle.retryAfter(keys);
    if (wait > 0) throw Object.assign(tooManyRequests('Too many failed logins; try again later'), { retryAfter: wait });
    const found = await repos.userAccounts.findForLogin(identifier);
    if (!found || !(await verifyPassword(password, found.hashedPassword))) {
      throttle.recordFailure(keys);
      throw unauthorized('Invalid username or password');
    }
    // only the account is cleared: logging into one's own account must not reset an address's count
    throttle.recordSuccess([accountKey(identifier)]);
    if (!isUsable(found.user, now())) throw badRequest('Account is disabled or expired');
    assertSecondFactor(found.user, code, now());
    return found.user;
  };

  return {
    /** Throws 401 (wrong credentials, or a TOTP code needed), 429 (throttled) or 400 (disabled/expired, wrong code). */
    check,
    /** For Basic authentication: any failure simply means "not authenticated" (so TOTP accounts cannot use it). */
    verify: async (identifier: string, password: string, address: string): Promise<User | undefined> => {
      try {
        return await check(identifier, password, address);
      } catch {
        return undefined;
      }
    },
  };
};

export type PasswordLogin = ReturnType<typeof createPasswordLogin>;
