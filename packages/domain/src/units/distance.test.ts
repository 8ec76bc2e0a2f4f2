import { describe, expect, it } from 'vitest';
import { fromMetres, toMetres } from './distance.js';

describe('distance units', () => {
  it('uses the spec factors', () => {
    expect(fromMetres(1000, 'km')).toBe(1);
    expect(fromMetres(1000, 'mi')).toBeCloseTo(0.621371, 6);
    expect(fromMetres(1000, 'nmi')).toBeCloseTo(0.539957, 6);
  });

  it('round-trips', () => {
    expect(toMetres(fromMetres(12345, 'mi'), 'mi')).toBeCloseTo(12345, 6);
  });
});
