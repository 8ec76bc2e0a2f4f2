import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import type { EnvReader } from '../config.js';

/** An HTTP SMS gateway (Traccar's `sms.http.*`). */
export interface SmsHttpConfig {
  /** Where the message is POSTed; `{phone}` and `{message}` are replaced (URL-encoded) here too. */
  url: string;
  /** Request body; `{phone}` and `{message}` are replaced, JSON-escaped when the body is JSON, URL-encoded otherwise. */
  template: string;
  /** Value of the Authorization header, if the gateway wants one. */
  authorization: string | undefined;
}

/** A Google service account allowed to send through Firebase Cloud Messaging. */
export interface FirebaseServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  /** OAuth 2 token endpoint the signed assertion is exchanged at. */
  tokenUri: string;
}

export interface FirebaseConfig {
  serviceAccount: FirebaseServiceAccount;
  /** FCM HTTP v1 send endpoint; `{projectId}` is replaced. */
  url: string;
}

export interface NotificationConfig {
  sms: SmsHttpConfig | undefined;
  firebase: FirebaseConfig | undefined;
  mail: {
    /** Never use a recipient's own `mail.smtp.*` attributes. */
    ignoreUserConfig: boolean;
    /** The server's SMTP settings only send system mail (password resets, reports), not notifications. */
    systemOnly: boolean;
  };
  /** Seconds: events older than this when raised notify nobody. */
  timeThreshold: number;
  /** Further attempts after a channel fails. */
  retries: number;
  /** Milliseconds before the first retry; each next one waits twice as long. */
  retryDelay: number;
}

export const DEFAULT_SMS_TEMPLATE = '{"phone":"{phone}","message":"{message}"}';
export const DEFAULT_FIREBASE_URL = 'https://fcm.googleapis.com/v1/projects/{projectId}/messages:send';
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';

const readServiceAccount = (reader: EnvReader): FirebaseServiceAccount | undefined => {
  const raw = reader.optional('FIREBASE_SERVICE_ACCOUNT');
  if (raw === undefined) return undefined;
  const problem = (detail: string) => {
    reader.problems.push(`FIREBASE_SERVICE_ACCOUNT ${detail}`);
    return undefined;
  };
  let text = raw;
  if (!raw.startsWith('{')) {
    try {
      text = fs.readFileSync(raw, 'utf8');
    } catch {
      return problem(`must be a service-account JSON file or its content (cannot read "${raw}")`);
    }
  }
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return problem('is not valid JSON');
  }
  const { project_id: projectId, client_email: clientEmail, private_key: privateKey, token_uri: tokenUri } = json;
  if (typeof projectId !== 'string' || typeof clientEmail !== 'string' || typeof privateKey !== 'string') {
    return problem('must hold project_id, client_email and private_key');
  }
  try {
    createPrivateKey(privateKey);
  } catch {
    return problem('has an unreadable private_key');
  }
  if (tokenUri !== undefined && (typeof tokenUri !== 'string' || !/^https?:\/\//.test(tokenUri))) return problem('has a token_uri that is not a URL');
  return { projectId, clientEmail, privateKey, tokenUri: typeof tokenUri === 'string' ? tokenUri : DEFAULT_TOKEN_URI };
};

/** Reads the notification channels and delivery settings (README, "Configuration"). */
export const readNotificationConfig = (reader: EnvReader): NotificationConfig => {
  if (reader.optional('SMS_URL') !== undefined) reader.problems.push('SMS_URL is now SMS_HTTP_URL');
  const smsUrl = reader.url('SMS_HTTP_URL', ['http:', 'https:']);
  const template = reader.string('SMS_HTTP_TEMPLATE', DEFAULT_SMS_TEMPLATE);
  const serviceAccount = readServiceAccount(reader);
  const firebaseUrl = reader.url('FIREBASE_URL', ['http:', 'https:']) ?? DEFAULT_FIREBASE_URL;
  return {
    sms: smsUrl ? { url: smsUrl, template, authorization: reader.optional('SMS_HTTP_AUTHORIZATION') } : undefined,
    firebase: serviceAccount ? { serviceAccount, url: firebaseUrl } : undefined,
    mail: { ignoreUserConfig: reader.boolean('SMTP_IGNORE_USER_CONFIG', false), systemOnly: reader.boolean('SMTP_SYSTEM_ONLY', false) },
    timeThreshold: reader.integer('NOTIFICATION_TIME_THRESHOLD', 900, 0, 365 * 86400),
    retries: reader.integer('NOTIFICATION_RETRIES', 3, 0, 10),
    retryDelay: reader.integer('NOTIFICATION_RETRY_DELAY', 2000, 1, 3_600_000),
  };
};
