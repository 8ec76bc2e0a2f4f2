// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nReady } from '../i18n/i18n';
import { batteryColor, formatDistance, formatSpeed, statusColor, formatDuration, formatTime, formatVolume } from './formatters';
import { isEmail } from './validation';

describe('formatters', () => {
  beforeAll(() => i18nReady);

  it('colours statuses: online green, offline red, unknown grey', () => {
    expect(statusColor('online')).toBe('success');
    expect(statusColor('offline')).toBe('error');
    expect(statusColor('unknown')).toBe('disabled');
  });

  it('colours battery at the 70 and 30 thresholds', () => {
    expect(batteryColor(70)).toBe('success');
    expect(batteryColor(69)).toBe('disabled');
    expect(batteryColor(31)).toBe('disabled');
    expect(batteryColor(30)).toBe('error');
  });

  it('formats speed and distance in the chosen unit with two decimals', () => {
    expect(formatSpeed(10, 'kmh')).toBe('18.52 km/h');
    expect(formatSpeed(10, 'kn')).toBe('10.00 kn');
    expect(formatDistance(1500, 'km')).toBe('1.50 km');
    expect(formatDistance(1609.344, 'mi')).toBe('1.00 mi');
  });
});

describe('registration e-mail rule', () => {
  it.each([['ann@example.com', true], ['a@b.co', true], ['a@b.c', false], ['ann@example', false], ['@example.com', false], ['ann example@x.com', false]])(
    '%s -> %s',
    (email, valid) => expect(isEmail(email)).toBe(valid),
  );
});

describe('report formatters', () => {
  beforeAll(() => i18nReady);

  it('divides litres into gallons by the spec factors', () => {
    expect(formatVolume(45.46, 'impGal')).toBe('10.00 gal (imp)');
    expect(formatVolume(37.85, 'usGal')).toBe('10.00 gal (US)');
  });

  it('shows instants in the user time zone', () => {
    expect(formatTime('2026-11-18T10:00:00Z', 'Asia/Kolkata')).toBe('2026-11-18 15:30:00');
    expect(formatTime(null, 'Asia/Kolkata')).toBe('');
  });

  it('shows durations as hours and minutes', () => {
    const labels = { hours: 'h', minutes: 'min' };
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000, labels)).toBe('2 h 05 min');
    expect(formatDuration(59 * 60_000, labels)).toBe('59 min');
  });
});
