// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../api/http';
import { chooseLanguage, i18nReady } from '../i18n/i18n';
import { errorMessage } from './error-message';

describe('server refusals shown to the user', () => {
  beforeAll(() => i18nReady);
  afterAll(() => chooseLanguage('en'));

  it('shows a recognised refusal in Hindi on a Hindi screen, keeping its details', async () => {
    await chooseLanguage('hi');
    expect(errorMessage(new HttpError(400, 'A device with identifier dup-001 already exists'))).toBe('पहचानकर्ता dup-001 वाला डिवाइस पहले से मौजूद है');
    expect(errorMessage(new HttpError(403, 'Administrator access required'))).toBe('आपको इसकी अनुमति नहीं है');
    expect(errorMessage(new HttpError(400, 'A user with this e-mail already exists'))).toBe('इस ई-मेल वाला उपयोगकर्ता पहले से मौजूद है');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('कनेक्शन त्रुटि');
  });

  it('falls back to the server text for refusals it does not know', async () => {
    await chooseLanguage('hi');
    expect(errorMessage(new HttpError(400, 'Expression is not valid near "=="'))).toBe('Expression is not valid near "=="');
  });

  it('does not mistake a similar message under another status', async () => {
    await chooseLanguage('en');
    expect(errorMessage(new HttpError(409, 'Device limit reached'))).toBe('Device limit reached');
    expect(errorMessage(new HttpError(403, 'Device limit reached'))).toBe('Device limit reached');
    expect(errorMessage(new HttpError(403, 'User access denied'))).toBe('You do not have permission for this');
  });
});
