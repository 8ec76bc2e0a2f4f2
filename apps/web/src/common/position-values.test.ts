// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nReady } from '../i18n/i18n';
import { formatPositionValue } from './position-values';

const preferences = { speedUnit: 'kmh', distanceUnit: 'mi', timezone: 'Asia/Kolkata', coordinateFormat: 'dd' } as const;

describe('formatPositionValue', () => {
  beforeAll(() => i18nReady);

  it('formats each kind of field in the user preferences, coordinates with 5 decimals and speed with 1 (spec §9)', () => {
    expect(formatPositionValue('latitude', 52.53, preferences)).toBe('52.53000°');
    expect(formatPositionValue('latitude', 52.52, { ...preferences, coordinateFormat: 'ddm' })).toBe("52° 31.200' N");
    expect(formatPositionValue('speed', 10, preferences)).toBe('18.5 km/h');
    expect(formatPositionValue('totalDistance', 1609.344, preferences)).toBe('1.00 mi');
    expect(formatPositionValue('course', 90, preferences)).toBe('90.0°');
    expect(formatPositionValue('batteryLevel', 87, preferences)).toBe('87%');
    expect(formatPositionValue('ignition', true, preferences)).toBe('✓');
    // 10:00 UTC is 15:30 in India
    expect(formatPositionValue('fixTime', '2024-05-01T10:00:00.000+00:00', preferences)).toBe('2024-05-01 15:30:00');
    expect(formatPositionValue('address', null, preferences)).toBe('');
  });
});
