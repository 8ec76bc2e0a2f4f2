import { describe, expect, it } from 'vitest';
import { formatCoordinate } from './coordinates.js';

describe('formatCoordinate', () => {
  it('shows decimal degrees by default with the requested decimals', () => {
    expect(formatCoordinate(52.520008, 'latitude', undefined)).toBe('52.520008°');
    expect(formatCoordinate(-13.4, 'longitude', 'dd', 5)).toBe('-13.40000°');
  });

  it('shows degrees and decimal minutes with the hemisphere', () => {
    // 0.52 degrees = 31.2 minutes
    expect(formatCoordinate(52.52, 'latitude', 'ddm')).toBe("52° 31.200' N");
    expect(formatCoordinate(-0.125, 'longitude', 'ddm')).toBe("0° 7.500' W");
  });

  it('shows degrees, minutes and seconds with the hemisphere', () => {
    // 0.5125 degrees = 30.75 minutes = 30 minutes 45 seconds
    expect(formatCoordinate(-33.5125, 'latitude', 'dms')).toBe('33° 30\' 45.0" S');
    expect(formatCoordinate(151.25, 'longitude', 'dms')).toBe('151° 15\' 0.0" E');
  });
});
