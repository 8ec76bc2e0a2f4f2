import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_TEMPLATE } from './notification-config.js';
import { smsRequest } from './sms.notificator.js';

describe(smsRequest.name, () => {
  it('fills a JSON template with JSON-escaped values', () => {
    const { url, init } = smsRequest({ url: 'https://sms.example.com/send?to={phone}', template: DEFAULT_SMS_TEMPLATE, authorization: 'Bearer k' }, '+91 98765', 'Van "1" stopped\nnow');
    expect(url).toBe('https://sms.example.com/send?to=%2B91%2098765');
    expect(init.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer k' });
    expect(JSON.parse(String(init.body))).toEqual({ phone: '+91 98765', message: 'Van "1" stopped\nnow' });
  });

  it('fills any other template as a URL-encoded form', () => {
    const { init } = smsRequest({ url: 'https://sms.example.com/send', template: 'to={phone}&text={message}&key=abc', authorization: undefined }, '+4412', 'a&b = c');
    expect(init.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(init.body).toBe('to=%2B4412&text=a%26b%20%3D%20c&key=abc');
  });
});
