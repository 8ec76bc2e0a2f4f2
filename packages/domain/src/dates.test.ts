import { describe, expect, it } from 'vitest';
import { formatInstant, parseLenientInstant, parseZonedInstant } from './dates.js';

describe('instants on the wire', () => {
  it('formats UTC with milliseconds and a colon offset', () => {
    expect(formatInstant(Date.UTC(2024, 4, 1, 12, 34, 56))).toBe('2024-05-01T12:34:56.000+00:00');
  });

  it('requires an offset in query parameters', () => {
    expect(parseZonedInstant('2024-05-01T02:00:00+02:00')).toBe(Date.UTC(2024, 4, 1, 0, 0, 0));
    expect(parseZonedInstant('2024-05-01T00:00:00.5Z')).toBe(Date.UTC(2024, 4, 1, 0, 0, 0, 500));
    expect(parseZonedInstant('2024-05-01T00:00:00')).toBeUndefined();
    expect(parseZonedInstant('yesterday')).toBeUndefined();
    expect(parseZonedInstant('2024-13-45T00:00:00Z')).toBeUndefined();
  });

  it('accepts the lenient body forms', () => {
    const may1 = Date.UTC(2024, 4, 1);
    expect(parseLenientInstant('2024-05-01')).toBe(may1);
    expect(parseLenientInstant('2024-05-01T00:00:00')).toBe(may1);
    expect(parseLenientInstant(may1)).toBe(may1);
    expect(parseLenientInstant('1st of May')).toBeUndefined();
  });
});
