import { describe, expect, it } from 'vitest';
import { formatPositionValue } from './position-values';

const preferences = { speedUnit: 'kmh', distanceUnit: 'mi', timezone: 'Asia/Kolkata', coordinateFormat: 'dd' } as const;

describe('formatPositionValue', () => {
  it('formats each kind of field in the user preferences', () => {
    expect(formatPositionValue('latitude', 52.53, preferences)).toBe('52.530000°');
    expect(formatPositionValue('latitude', 52.52, { ...preferences, coordinateFormat: 'ddm' })).toBe("52° 31.200' N");
    expect(formatPositionValue('speed', 10, preferences)).toBe('18.52 km/h');
    expect(formatPositionValue('totalDistance', 1609.344, preferences)).toBe('1.00 mi');
    expect(formatPositionValue('course', 90, preferences)).toBe('90.0°');
    expect(formatPositionValue('batteryLevel', 87, preferences)).toBe('87%');
    expect(formatPositionValue('ignition', true, preferences)).toBe('✓');
    // 10:00 UTC is 15:30 in India
    expect(formatPositionValue('fixTime', '2024-05-01T10:00:00.000+00:00', preferences)).toBe('2024-05-01 15:30:00');
    expect(formatPositionValue('address', null, preferences)).toBe('');
  });
});
