// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { HttpError } from '../api/http';
import { errorMessage } from './error-message';

describe(errorMessage.name, () => {
  it("shows the server's own refusal", () => {
    expect(errorMessage(new HttpError(400, 'A device with identifier x already exists'))).toBe('A device with identifier x already exists');
  });

  it('says "Connection error" when the server could not be reached', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Connection error');
  });
});
