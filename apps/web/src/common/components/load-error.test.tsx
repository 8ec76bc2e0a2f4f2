// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../api/http';
import { chooseLanguage, i18nReady } from '../../i18n/i18n';
import { LoadError } from './load-error';

describe('LoadError', () => {
  beforeAll(() => i18nReady);
  afterEach(cleanup);
  afterAll(() => chooseLanguage('en'));

  it('says nothing while there is no failure', () => {
    render(<LoadError error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells an unreachable server as "Connection error"', async () => {
    await chooseLanguage('en');
    render(<LoadError error={new TypeError('Failed to fetch')} />);
    expect(screen.getByRole('alert').textContent).toBe('Connection error');
  });

  it('tells a refusal it knows in Hindi, and one it does not in the server words', async () => {
    await chooseLanguage('hi');
    render(<LoadError error={new HttpError(403, 'Administrator access required')} />);
    expect(screen.getByRole('alert').textContent).toBe('आपको इसकी अनुमति नहीं है');
    cleanup();
    render(<LoadError error={new HttpError(400, 'Unknown column in expression')} />);
    expect(screen.getByRole('alert').textContent).toBe('Unknown column in expression');
  });
});
