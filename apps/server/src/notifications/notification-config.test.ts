import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

const account = () => ({
  project_id: 'demo', client_email: 'push@demo.example.com',
  private_key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
});

describe('notification configuration', () => {
  it('defaults to web only, a 15-minute threshold and three retries from two seconds', () => {
    const config = loadConfig({});
    expect(config.notifications).toEqual({
      sms: undefined, firebase: undefined, mail: { ignoreUserConfig: false, systemOnly: false }, timeThreshold: 900, retries: 3, retryDelay: 2000,
    });
    expect(config.computedAttributes).toEqual({ deviceAttributes: false, lastAttributes: false });
  });

  it('reads the SMS gateway and the computed-attribute switches', () => {
    const config = loadConfig({
      SMS_HTTP_URL: 'https://sms.example.com/send', SMS_HTTP_TEMPLATE: 'to={phone}&text={message}', SMS_HTTP_AUTHORIZATION: 'Basic abc',
      PROCESSING_COMPUTED_ATTRIBUTES_DEVICE_ATTRIBUTES: 'true', PROCESSING_COMPUTED_ATTRIBUTES_LAST_ATTRIBUTES: '1',
    });
    expect(config.notifications.sms).toEqual({ url: 'https://sms.example.com/send', template: 'to={phone}&text={message}', authorization: 'Basic abc' });
    expect(config.computedAttributes).toEqual({ deviceAttributes: true, lastAttributes: true });
  });

  it('reads a Firebase service account from a file or inline, with the default endpoints', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-config-'));
    try {
      const file = path.join(folder, 'account.json');
      fs.writeFileSync(file, JSON.stringify(account()));
      const fromFile = loadConfig({ FIREBASE_SERVICE_ACCOUNT: file }).notifications.firebase;
      expect(fromFile).toMatchObject({
        url: 'https://fcm.googleapis.com/v1/projects/{projectId}/messages:send',
        serviceAccount: { projectId: 'demo', clientEmail: 'push@demo.example.com', tokenUri: 'https://oauth2.googleapis.com/token' },
      });
      expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(account()) }).notifications.firebase?.serviceAccount.projectId).toBe('demo');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('names every bad value', () => {
    expect(problems({
      SMS_URL: 'https://old.example.com', SMS_HTTP_URL: 'ftp://sms', FIREBASE_SERVICE_ACCOUNT: '{"project_id":"x"}',
      NOTIFICATION_RETRIES: '50', NOTIFICATION_RETRY_DELAY: '0', SMTP_SYSTEM_ONLY: 'maybe',
    })).toEqual([
      'SMS_URL is now SMS_HTTP_URL',
      'SMS_HTTP_URL must be a http: or https: URL',
      'FIREBASE_SERVICE_ACCOUNT must hold project_id, client_email and private_key',
      'SMTP_SYSTEM_ONLY must be true or false (got "maybe")',
      'NOTIFICATION_RETRIES must be an integer from 0 to 10 (got "50")',
      'NOTIFICATION_RETRY_DELAY must be an integer from 1 to 3600000 (got "0")',
    ]);
    expect(problems({ FIREBASE_SERVICE_ACCOUNT: '/nonexistent/account.json' })).toEqual([
      'FIREBASE_SERVICE_ACCOUNT must be a service-account JSON file or its content (cannot read "/nonexistent/account.json")',
    ]);
    expect(problems({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...account(), private_key: 'nope' }) })).toEqual(['FIREBASE_SERVICE_ACCOUNT has an unreadable private_key']);
  });
});
