// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, i18nReady } from '../i18n/i18n';
import { CommandParameters, missingParameter, type CommandDraft } from './command-parameters';

const draft = (type: string, attributes: Record<string, unknown> = {}): CommandDraft => ({ type, attributes });

describe('command parameters of the watch and TK103 types', () => {
  beforeAll(() => i18nReady);
  afterEach(cleanup);
  afterAll(() => chooseLanguage('en'));

  it('asks for the settings text, the time zone, and a voice message as text or audio in hex', () => {
    expect(missingParameter(draft('silenceTime'))).toBe(true);
    expect(missingParameter(draft('setPhonebook', { data: '13800000000,Mom' }))).toBe(false);
    expect(missingParameter(draft('setTimezone', { language: '0' }))).toBe(true);
    expect(missingParameter(draft('setTimezone', { timezone: 'Europe/Amsterdam' }))).toBe(false);
    expect(missingParameter(draft('voiceMessage'))).toBe(true);
    expect(missingParameter(draft('voiceMessage', { data: 'not audio' }))).toBe(true);
    expect(missingParameter(draft('voiceMessage', { data: '2321414d52' }))).toBe(false);
    expect(missingParameter(draft('voiceMessage', { message: 'hello' }))).toBe(false);
    expect(missingParameter(draft('alarmSos'))).toBe(false);
  });

  it('switches with a checkbox that sets enable', async () => {
    await chooseLanguage('en');
    let current = draft('modeDeepSleep');
    render(<CommandParameters draft={current} setDraft={(next) => (current = next)} />);
    fireEvent.click(screen.getByLabelText('On'));
    expect(current.attributes).toEqual({ enable: true });
  });

  it('names the time zone and language fields in Hindi', async () => {
    await chooseLanguage('hi');
    render(<CommandParameters draft={draft('setTimezone')} setDraft={() => undefined} />);
    expect(screen.getByLabelText(/समय क्षेत्र/)).toBeTruthy();
    expect(screen.getByLabelText('भाषा कोड')).toBeTruthy();
  });
});
