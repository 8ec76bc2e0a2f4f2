import { describe, expect, it } from 'vitest';
import type { Event, Notification } from '@tracklane/domain';
import { notificationMatches, notificatorsOf, splitList } from './notification-matcher.js';

const notification = (fields: Partial<Notification> = {}): Notification => ({
  id: 1, attributes: {}, calendarId: 0, always: false, type: 'alarm', commandId: 0, notificators: 'web', description: null, ...fields,
});

const event = (fields: Partial<Event> = {}): Event => ({
  id: 1, attributes: {}, deviceId: 1, type: 'alarm', eventTime: '2025-01-01T00:00:00.000+00:00', positionId: 0, geofenceId: 0, maintenanceId: 0, ...fields,
});

const always = () => true;

describe(notificationMatches.name, () => {
  it('needs the same event type', () => {
    expect(notificationMatches(notification({ type: 'ignitionOn' }), event({ type: 'ignitionOn' }), always)).toBe(true);
    expect(notificationMatches(notification({ type: 'ignitionOn' }), event({ type: 'ignitionOff' }), always)).toBe(false);
  });

  it('fires for an alarm only when its kind is listed in attributes.alarms', () => {
    const sos = event({ attributes: { alarm: 'sos' } });
    expect(notificationMatches(notification({ attributes: { alarms: 'door, sos' } }), sos, always)).toBe(true);
    expect(notificationMatches(notification({ attributes: { alarms: 'door,lowBattery' } }), sos, always)).toBe(false);
    expect(notificationMatches(notification(), sos, always)).toBe(false);
    expect(notificationMatches(notification({ attributes: { alarms: '' } }), sos, always)).toBe(false);
  });

  it('limits any event type to the listed geofences when attributes.geofenceIds is set', () => {
    const enter = (geofenceId: number) => event({ type: 'geofenceEnter', geofenceId });
    const limited = notification({ type: 'geofenceEnter', attributes: { geofenceIds: '3,7' } });
    expect(notificationMatches(limited, enter(7), always)).toBe(true);
    expect(notificationMatches(limited, enter(4), always)).toBe(false);
    expect(notificationMatches(notification({ type: 'geofenceEnter' }), enter(4), always)).toBe(true);
  });

  it('asks the calendar only when the notification has one', () => {
    const asked: number[] = [];
    const outside = (id: number) => {
      asked.push(id);
      return false;
    };
    expect(notificationMatches(notification({ type: 'ignitionOn' }), event({ type: 'ignitionOn' }), outside)).toBe(true);
    expect(notificationMatches(notification({ type: 'ignitionOn', calendarId: 5 }), event({ type: 'ignitionOn' }), outside)).toBe(false);
    expect(asked).toEqual([5]);
  });
});

describe(splitList.name, () => {
  it('splits comma lists and drops blanks', () => {
    expect(splitList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitList(undefined)).toEqual([]);
    expect(splitList(12)).toEqual(['12']);
  });

  it('lists each channel of a notification once', () => expect(notificatorsOf({ notificators: 'web, mail,web' })).toEqual(['web', 'mail']));
});
