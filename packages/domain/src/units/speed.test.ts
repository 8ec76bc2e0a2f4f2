import { describe, expect, it } from 'vitest';
import { fromKnots, toKnots } from './speed.js';

describe('speed units', () => {
  it('converts the spec factors: 1 kn = 1.852 km/h = 1.15078 mph', () => {
    expect(fromKnots(1, 'kmh')).toBeCloseTo(1.852, 6);
    expect(fromKnots(1, 'mph')).toBeCloseTo(1.15078, 6);
    expect(fromKnots(10, 'kn')).toBe(10);
  });

  it('converts metres per second to knots (1 m/s is about 1.94384 kn)', () => {
    expect(toKnots(1, 'mps')).toBeCloseTo(1.94384, 4);
    expect(toKnots(fromKnots(12.3, 'mps'), 'mps')).toBeCloseTo(12.3, 9);
  });
});
