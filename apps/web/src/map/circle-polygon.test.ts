import { describe, expect, it } from 'vitest';
import { circlePolygon } from './circle-polygon';

describe('circlePolygon', () => {
  it('closes a ring of 32 steps whose points lie at the radius', () => {
    const polygon = circlePolygon([13.405, 52.52], 1);
    const ring = polygon.coordinates[0]!;
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[32]);
    // due north by 1 km is 1/111.195 degrees of latitude
    expect(ring[0]![1]! - 52.52).toBeCloseTo(1 / 111.195, 4);
    expect(ring[0]![0]).toBeCloseTo(13.405, 9);
  });
});
