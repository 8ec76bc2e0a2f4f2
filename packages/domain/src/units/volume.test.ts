import { describe, expect, it } from 'vitest';
import { fromLitres, toLitres } from './volume.js';

describe('volume units', () => {
  it('divides litres by the spec factors', () => {
    expect(fromLitres(45.46, 'impGal')).toBeCloseTo(10, 6);
    expect(fromLitres(37.85, 'usGal')).toBeCloseTo(10, 6);
    expect(fromLitres(12, 'ltr')).toBe(12);
  });

  it('round-trips', () => {
    expect(toLitres(fromLitres(55, 'usGal'), 'usGal')).toBeCloseTo(55, 9);
  });
});
