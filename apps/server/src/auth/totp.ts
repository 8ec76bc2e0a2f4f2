import { Secret, TOTP } from 'otpauth';
import type { User } from '@tracklane/domain';
import { badRequest, unauthorized } from '../errors.js';

/** Authenticator-app codes (RFC 6238): HMAC-SHA1, 30 s steps, 6 digits; the step before and after also count. */
const totpOf = (key: string) => new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 });

/** A fresh base32 secret of 160 bits, for the user to enrol in an authenticator app. */
export const generateTotpKey = (): string => new Secret({ size: 20 }).base32;

export const totpCodeValid = (key: string, code: string, now: number): boolean => {
  const token = code.trim();
  if (!/^\d{6}$/.test(token)) return false;
  try {
    return totpOf(key).validate({ token, timestamp: now, window: 1 }) !== null;
  } catch {
    // a stored key that is not base32 can never be satisfied
    return false;
  }
};

/** The second factor of a login (reference §1.2): no code → 401 asking for one; a wrong code → 400. */
export const assertSecondFactor = (user: User, code: string | undefined, now: number): void => {
  if (!user.totpKey) return;
  if (code === undefined || code === '') throw Object.assign(unauthorized('A one-time code is required'), { wwwAuthenticate: 'TOTP' });
  if (!totpCodeValid(user.totpKey, code, now)) throw badRequest('Wrong one-time code');
};
