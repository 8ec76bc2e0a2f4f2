import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, type Position } from '@tracklane/domain';
import { formatLocalTime, renderMessage } from './notification-message.js';
import { preferencesOf, type UserPreferences } from './user-preferences.js';

const EVENT_TIME = '2025-03-05T12:34:56.000+00:00';
const english: UserPreferences = { language: 'en', timezone: 'UTC', speedUnit: 'kn', distanceUnit: 'km', volumeUnit: 'ltr' };
const hindi: UserPreferences = { language: 'hi', timezone: 'Asia/Kolkata', speedUnit: 'kmh', distanceUnit: 'km', volumeUnit: 'ltr' };

const position = (fields: Partial<Position> = {}): Position => ({
  id: 9, deviceId: 1, protocol: 'osmand', serverTime: EVENT_TIME, deviceTime: EVENT_TIME, fixTime: EVENT_TIME, valid: true,
  latitude: 28.6139, longitude: 77.209, altitude: 0, speed: 54, course: 0, address: null, accuracy: 0, network: null, geofenceIds: null, attributes: {}, ...fields,
});

const render = (type: string, attributes: Record<string, unknown>, preferences = english, extra: Partial<Parameters<typeof renderMessage>[0]> = {}) =>
  renderMessage({ event: { type, eventTime: EVENT_TIME, attributes }, device: { name: 'Truck <7>' }, position: undefined, preferences, ...extra });

describe(renderMessage.name, () => {
  it('writes the overspeed digest in the user speed unit, with the geofence', () => {
    const message = render('deviceOverspeed', { speed: 54, speedLimit: 40 }, { ...english, speedUnit: 'kmh' }, { names: { geofence: 'School zone' } });
    expect(message.digest).toBe('Truck <7> exceeds the speed 100.0 km/h in School zone at 2025-03-05 12:34:56');
    expect(message.subject).toBe('Truck <7>: Speed limit exceeded');
  });

  it('writes Hindi in the user time zone and units', () => {
    const message = render('deviceOverspeed', { speed: 54 }, hindi);
    expect(message.digest).toBe('Truck <7> 2025-03-05 18:04:56 पर 100.0 किमी/घंटा की गति से गति सीमा पार कर रहा है');
    expect(message.subject).toBe('Truck <7>: गति सीमा पार');
  });

  it('translates the alarm kind', () => {
    expect(render('alarm', { alarm: 'sos' }).digest).toBe('Truck <7> alarm: SOS at 2025-03-05 12:34:56');
    expect(render('alarm', { alarm: 'lowBattery' }, hindi).digest).toBe('Truck <7> अलार्म: कम बैटरी (2025-03-05 18:04:56)');
    expect(render('alarm', { alarm: 'lowBattery' }).subject).toBe('Truck <7>: Alarm: Low battery');
  });

  it('writes fuel in the user volume unit and inactivity from the last update', () => {
    expect(render('deviceFuelDrop', { before: 50, after: 12.5 }, { ...english, volumeUnit: 'usGal' }).digest).toBe('Truck <7> fuel dropped from 13.2 gal (US) to 3.3 gal (US) at 2025-03-05 12:34:56');
    expect(render('deviceInactive', { lastUpdate: Date.UTC(2025, 2, 4, 23, 0) }, hindi).digest).toBe('Truck <7> 2025-03-05 04:30:00 से निष्क्रिय है');
  });

  it('has texts for every event type in both languages', () => {
    for (const type of EVENT_TYPES) {
      for (const preferences of [english, hindi]) {
        const message = render(type, {}, preferences);
        expect(message.digest, `${type} ${preferences.language}`).toContain('Truck <7>');
        expect(message.digest).not.toContain('undefined');
        expect(message.subject).not.toBe(type);
      }
    }
  });

  it('names an unknown event type by itself', () => {
    expect(render('somethingNew', {})).toMatchObject({ subject: 'somethingNew', digest: 'somethingNew' });
  });

  it('builds an escaped HTML body with the position and a link to the web app', () => {
    const message = render('ignitionOn', {}, english, { position: position({ address: 'Rajpath & Janpath' }), webUrl: 'https://track.example.com' });
    expect(message.body).toContain('<p>Truck &lt;7&gt; ignition ON at 2025-03-05 12:34:56</p>');
    expect(message.body).toContain('<td>28.613900, 77.209000</td>');
    expect(message.body).toContain('<td>Rajpath &amp; Janpath</td>');
    expect(message.body).toContain('<td>54.0 kn</td>');
    expect(message.body).toContain('<a href="https://track.example.com">Open Tracklane</a>');
  });
});

describe(preferencesOf.name, () => {
  const server = (attributes: Record<string, unknown>, forceSettings = false) => ({ attributes, forceSettings });

  it('takes the user preference, else the server one, unless the server forces its own', () => {
    const user = { attributes: { language: 'hi-IN', speedUnit: 'mph', timezone: 'Asia/Kolkata' } };
    expect(preferencesOf(user, server({ speedUnit: 'kmh', volumeUnit: 'usGal' }))).toEqual({ language: 'hi', timezone: 'Asia/Kolkata', speedUnit: 'mph', distanceUnit: 'km', volumeUnit: 'usGal' });
    expect(preferencesOf(user, server({ speedUnit: 'kmh', language: 'en' }, true))).toMatchObject({ language: 'en', speedUnit: 'kmh' });
  });

  it('falls back to English, UTC and knots for missing or unknown values', () => {
    expect(preferencesOf({ attributes: { language: 'fr', timezone: 'Mars/Olympus', speedUnit: 'warp' } }, server({}))).toEqual(english);
  });
});

describe(formatLocalTime.name, () => {
  it('formats yyyy-MM-dd HH:mm:ss in the zone', () => {
    expect(formatLocalTime(Date.UTC(2025, 0, 1, 0, 5, 9), 'America/New_York')).toBe('2024-12-31 19:05:09');
    expect(formatLocalTime(EVENT_TIME, 'UTC')).toBe('2025-03-05 12:34:56');
  });
});
