import { ALARM_KINDS, formatInstant, type AlarmKind } from '@tracklane/domain';
import { describe, expect, it } from 'vitest';
import { detectAlarms } from '../../src/processing/events/alarm.detector.js';
import { EN_MESSAGES } from '../../src/notifications/messages/en.messages.js';
import { HI_MESSAGES } from '../../src/notifications/messages/hi.messages.js';
import { notificationMatches } from '../../src/notifications/notification-matcher.js';
import { renderMessage } from '../../src/notifications/notification-message.js';
import type { UserPreferences } from '../../src/notifications/user-preferences.js';
import { at, brief, context, position } from '../helpers/processing-fixtures.js';

const preferences = (language: 'en' | 'hi'): UserPreferences => ({ language, timezone: 'UTC', speedUnit: 'kmh', distanceUnit: 'km', volumeUnit: 'ltr' });
const alarmEvent = (kind: string) => ({ type: 'alarm', eventTime: formatInstant(at(0)), geofenceId: 0, attributes: { alarm: kind } });
const alarmNotification = (alarms?: string) => ({ type: 'alarm', calendarId: 0, attributes: alarms === undefined ? {} : { alarms } });
const always = () => true;

describe('all 39 alarm kinds', () => {
  it('are the kinds of the spec', () => {
    expect(ALARM_KINDS).toHaveLength(39);
    expect(new Set(ALARM_KINDS).size).toBe(39);
  });

  it.each(ALARM_KINDS)('%s raises one alarm event carrying the kind', (kind) => {
    const events = detectAlarms({ position: position({ time: at(1), attributes: { alarm: kind } }), last: position({ time: at(0) }), context: context() });
    expect(events.map(brief)).toEqual([{ type: 'alarm', attributes: { alarm: kind } }]);
  });

  it('a position carrying every kind at once raises one event per kind', () => {
    const events = detectAlarms({ position: position({ time: at(1), attributes: { alarm: ALARM_KINDS.join(',') } }), last: undefined, context: context() });
    expect(events.map((event) => event.attributes?.alarm)).toEqual([...ALARM_KINDS]);
  });

  it.each(ALARM_KINDS)('%s is notified only by notifications that list it in attributes.alarms', (kind) => {
    const others = ALARM_KINDS.filter((other) => other !== kind);
    expect(notificationMatches(alarmNotification(kind), alarmEvent(kind), always)).toBe(true);
    expect(notificationMatches(alarmNotification(`sos,${kind}, door`), alarmEvent(kind), always)).toBe(true);
    expect(notificationMatches(alarmNotification(others.join(',')), alarmEvent(kind), always)).toBe(false);
    expect(notificationMatches(alarmNotification(), alarmEvent(kind), always)).toBe(false);
  });

  it.each(['en', 'hi'] as const)('each kind has its own text in %s, used in the message', (language) => {
    const catalog = language === 'en' ? EN_MESSAGES : HI_MESSAGES;
    expect(Object.keys(catalog.alarms).sort()).toEqual([...ALARM_KINDS].sort());
    const texts = ALARM_KINDS.map((kind: AlarmKind) => catalog.alarms[kind]);
    for (const text of texts) expect(text.trim()).not.toBe('');
    expect(new Set(texts).size).toBe(ALARM_KINDS.length);
    for (const kind of ALARM_KINDS) {
      const message = renderMessage({ event: alarmEvent(kind), device: { name: 'Truck 7' }, position: undefined, preferences: preferences(language) });
      expect(message.digest).toContain(catalog.alarms[kind]);
      expect(message.subject).toBe(`Truck 7: ${catalog.titles.alarm}: ${catalog.alarms[kind]}`);
    }
  });

  it('Hindi names every kind in Hindi, not in the English words', () => {
    const untranslated = ALARM_KINDS.filter((kind) => HI_MESSAGES.alarms[kind] === EN_MESSAGES.alarms[kind]);
    expect(untranslated).toEqual([]);
  });
});
