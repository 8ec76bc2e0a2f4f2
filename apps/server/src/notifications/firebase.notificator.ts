import type { FirebaseAuth } from './firebase-auth.js';
import type { FirebaseConfig } from './notification-config.js';
import type { Delivery, Notificator } from './notificator.js';

const REQUEST_TIMEOUT_MS = 15_000;

/** The user's push tokens: attribute `notificationTokens`, separated by commas or spaces. */
export const parseTokens = (value: unknown): string[] =>
  typeof value === 'string' ? [...new Set(value.split(/[\s,]+/).filter(Boolean))] : [];

/** The FCM HTTP v1 request body for one token: title = subject, body = digest, data `eventId`. */
export const firebaseMessage = (token: string, { message, event }: Pick<Delivery, 'message' | 'event'>) => ({
  message: {
    token,
    notification: { title: message.subject, body: message.digest },
    data: { eventId: String(event.id) },
    android: { priority: message.priority ? 'high' : 'normal', notification: { sound: 'default' } },
    apns: { headers: { 'apns-priority': message.priority ? '10' : '5' }, payload: { aps: { sound: 'default' } } },
  },
});

export interface FirebaseNotificatorDeps {
  config: FirebaseConfig;
  auth: FirebaseAuth;
  /** Forgets tokens FCM no longer knows (Traccar removes them from the user too). */
  removeTokens(userId: number, tokens: string[]): Promise<void>;
}

/** Whether FCM says the token is gone (app uninstalled, token rotated). */
const isUnregistered = (status: number, body: string) => status === 404 || body.includes('UNREGISTERED');

/**
 * Push notifications through Firebase Cloud Messaging (HTTP v1), one request per token of the
 * user. Tokens FCM reports unregistered are removed from the user; other failures are retried,
 * each retry sending only to the tokens that have not received the message yet.
 */
export const createFirebaseNotificator = ({ config, auth, removeTokens }: FirebaseNotificatorDeps): Notificator => {
  const url = config.url.replace('{projectId}', encodeURIComponent(config.serviceAccount.projectId));
  return {
    type: 'firebase',
    send: async (delivery) => {
      const tokens = parseTokens(delivery.user.attributes.notificationTokens).filter((token) => !delivery.done.has(`firebase:${token}`));
      if (tokens.length === 0) return;
      const accessToken = await auth.token();
      const gone: string[] = [];
      const failures: string[] = [];
      for (const token of tokens) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(firebaseMessage(token, delivery)),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const body = await response.text().catch(() => '');
        if (response.ok) {
          delivery.done.add(`firebase:${token}`);
        } else if (isUnregistered(response.status, body)) {
          gone.push(token);
          delivery.done.add(`firebase:${token}`);
        } else {
          if (response.status === 401) auth.invalidate();
          failures.push(String(response.status));
        }
      }
      if (gone.length > 0) await removeTokens(delivery.user.id, gone);
      if (failures.length > 0) throw new Error(`Firebase answered ${failures.join(', ')}`);
    },
  };
};
