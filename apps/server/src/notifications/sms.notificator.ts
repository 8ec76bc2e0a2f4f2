import type { SmsHttpConfig } from './notification-config.js';
import type { Notificator } from './notificator.js';

const REQUEST_TIMEOUT_MS = 15_000;

const fill = (template: string, values: Record<'phone' | 'message', string>, encode: (value: string) => string): string =>
  template.replace(/\{(phone|message)\}/g, (_, key: 'phone' | 'message') => encode(values[key]));

/** A JSON string's content without its quotes, for a value placed inside quotes of a JSON template. */
const jsonEscape = (value: string): string => JSON.stringify(value).slice(1, -1);

/**
 * The request an SMS gateway receives (Traccar's sms.http.*): the template with `{phone}` and
 * `{message}` filled in, JSON-escaped and sent as JSON when the template is a JSON object,
 * URL-encoded and sent as a form otherwise.
 */
export const smsRequest = (config: SmsHttpConfig, phone: string, message: string): { url: string; init: RequestInit } => {
  const json = config.template.trim().startsWith('{');
  const values = { phone, message };
  const headers: Record<string, string> = { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' };
  if (config.authorization) headers.authorization = config.authorization;
  return {
    url: fill(config.url, values, encodeURIComponent),
    init: { method: 'POST', headers, body: fill(config.template, values, json ? jsonEscape : encodeURIComponent) },
  };
};

/** Hands one text to the gateway; rejects when it does not accept it. */
export const sendSms = async (config: SmsHttpConfig, phone: string, text: string): Promise<void> => {
  const { url, init } = smsRequest(config, phone, text);
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
};

/** Sends the digest to the user's phone through the HTTP gateway; users without a phone number are skipped. */
export const createSmsNotificator = (config: SmsHttpConfig): Notificator => ({
  type: 'sms',
  send: async ({ user, message }) => {
    const phone = user.phone?.trim();
    if (!phone) return;
    await sendSms(config, phone, message.digest);
  },
});
