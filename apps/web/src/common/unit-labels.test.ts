// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, i18nReady } from '../i18n/i18n';
import { formatDistance, formatSpeed, formatVolume } from './formatters';
import { formatPositionValue } from './position-values';

const preferences = { speedUnit: 'kmh', distanceUnit: 'km', timezone: 'UTC', coordinateFormat: 'ddm' } as const;

describe('unit labels follow the interface language', () => {
  beforeAll(() => i18nReady);
  afterAll(() => chooseLanguage('en'));

  it('reads English suffixes on an English screen', async () => {
    await chooseLanguage('en');
    expect(formatSpeed(10, 'kmh')).toBe('18.52 km/h');
    expect(formatSpeed(10, 'mph')).toBe('11.51 mph');
    expect(formatDistance(1852, 'nmi')).toBe('1.00 nmi');
    expect(formatVolume(10, 'ltr')).toBe('10.00 l');
  });

  it('reads Hindi suffixes on a Hindi screen, with the same numbers', async () => {
    await chooseLanguage('hi');
    expect(formatSpeed(10, 'kmh')).toBe('18.52 किमी/घं');
    expect(formatSpeed(10, 'kn')).toBe('10.00 नॉट');
    expect(formatDistance(1500, 'km')).toBe('1.50 किमी');
    expect(formatDistance(1609.344, 'mi')).toBe('1.00 मील');
    expect(formatVolume(10, 'ltr')).toBe('10.00 ली');
    expect(formatPositionValue('altitude', 12, preferences)).toBe('12.0 मी');
    // compass letters of degrees-and-minutes are translated too
    expect(formatPositionValue('latitude', -52.52, preferences)).toBe("52° 31.200' द");
  });
});
