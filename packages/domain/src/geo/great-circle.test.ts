import { describe, expect, it } from 'vitest';
import { distanceToSegment, greatCircleDistance, metresToLatitudeDegrees, metresToLongitudeDegrees } from './great-circle.js';

describe(greatCircleDistance.name, () => {
  it('gives the reference distance from (0,0) to (0.05,0.05)', () => {
    expect(greatCircleDistance(0, 0, 0.05, 0.05)).toBeCloseTo(7871, 0);
    expect(Math.abs(greatCircleDistance(0, 0, 0.05, 0.05) - 7863)).toBeLessThanOrEqual(10);
  });

  it('is zero for the same point and symmetric', () => {
    expect(greatCircleDistance(55.75, 37.62, 55.75, 37.62)).toBe(0);
    expect(greatCircleDistance(1, 2, 3, 4)).toBeCloseTo(greatCircleDistance(3, 4, 1, 2), 9);
  });
});

describe(metresToLongitudeDegrees.name, () => {
  it('widens with latitude', () => {
    expect(metresToLatitudeDegrees(111_320)).toBe(1);
    expect(metresToLongitudeDegrees(111_320, 0)).toBeCloseTo(1, 9);
    expect(metresToLongitudeDegrees(111_320, 60)).toBeCloseTo(2, 6);
  });
});

describe(distanceToSegment.name, () => {
  it('uses the nearer end beyond the segment and the height beside it', () => {
    const beyond = distanceToSegment(0, 0.002, 0, 0, 0, 0.001);
    expect(beyond).toBeCloseTo(greatCircleDistance(0, 0.002, 0, 0.001), 6);
    const beside = distanceToSegment(0.001, 0.0005, 0, 0, 0, 0.001);
    expect(beside).toBeCloseTo(greatCircleDistance(0.001, 0.0005, 0, 0.0005), 0);
  });
});
