import { describe, expect, it } from 'vitest';
import { downsample } from './downsample';

const series = (length: number, y: (x: number) => number) => Array.from({ length }, (_, x) => ({ x, y: y(x) }));

describe(downsample.name, () => {
  it('keeps short series as they are', () => {
    const points = series(10, (x) => x);
    expect(downsample(points, 100)).toBe(points);
  });

  it('keeps the requested number of points, first and last included, in order', () => {
    const points = series(100_000, (x) => Math.sin(x / 1000));
    const sampled = downsample(points, 1000);
    expect(sampled).toHaveLength(1000);
    expect(sampled[0]).toBe(points[0]);
    expect(sampled.at(-1)).toBe(points.at(-1));
    expect(sampled.every((point, index) => index === 0 || point.x > sampled[index - 1]!.x)).toBe(true);
  });

  it('keeps a lone spike that averaging would flatten', () => {
    const points = series(50_000, (x) => (x === 31_337 ? 120 : 10));
    expect(downsample(points, 500).some((point) => point.y === 120)).toBe(true);
  });
});
