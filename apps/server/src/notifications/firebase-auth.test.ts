import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serviceAccountAssertion } from './firebase-auth.js';

describe(serviceAccountAssertion.name, () => {
  it('signs an RS256 JWT the token endpoint can verify with the account public key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const account = { projectId: 'p', clientEmail: 'push@p.iam.example.com', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), tokenUri: 'https://token.example.com/token' };
    const jwt = serviceAccountAssertion(account, Date.UTC(2025, 0, 1));
    const [header, claims, signature] = jwt.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toEqual({
      iss: 'push@p.iam.example.com', scope: 'https://www.googleapis.com/auth/firebase.messaging', aud: 'https://token.example.com/token', iat: 1735689600, exp: 1735693200,
    });
    expect(verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
  });
});
