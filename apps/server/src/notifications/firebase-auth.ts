import { createSign } from 'node:crypto';
import type { FirebaseServiceAccount } from './notification-config.js';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const LIFETIME_S = 3600;
/** Tokens are renewed this long before they expire. */
const MARGIN_MS = 5 * 60_000;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * The signed JWT a service account trades for an access token (OAuth 2 JWT bearer grant, RFC 7523).
 * Hand-written because it is one RS256 signature with node:crypto; a Google client library would
 * bring dozens of packages for this alone.
 */
export const serviceAccountAssertion = (account: FirebaseServiceAccount, now: number): string => {
  const issued = Math.floor(now / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: account.clientEmail, scope: SCOPE, aud: account.tokenUri, iat: issued, exp: issued + LIFETIME_S }));
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.privateKey);
  return `${header}.${claims}.${base64url(signature)}`;
};

/** Access tokens for FCM, fetched when needed and reused until shortly before they expire. */
export const createFirebaseAuth = (account: FirebaseServiceAccount, now: () => number = Date.now) => {
  let cached: { token: string; expires: number } | undefined;
  let pending: Promise<string> | undefined;

  const fetchToken = async (): Promise<string> => {
    const response = await fetch(account.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: serviceAccountAssertion(account, now()) }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) throw new Error(`Firebase token request answered ${response.status}`);
    cached = { token: body.access_token, expires: now() + (body.expires_in ?? LIFETIME_S) * 1000 - MARGIN_MS };
    return body.access_token;
  };

  return {
    token: (): Promise<string> => {
      if (cached && cached.expires > now()) return Promise.resolve(cached.token);
      pending ??= fetchToken().finally(() => (pending = undefined));
      return pending;
    },
    /** The endpoint refused the token: the next call fetches a new one. */
    invalidate: (): void => {
      cached = undefined;
    },
  };
};

export type FirebaseAuth = ReturnType<typeof createFirebaseAuth>;
