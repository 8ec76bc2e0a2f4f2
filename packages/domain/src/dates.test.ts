import { describe, expect, it } from 'vitest';
import { formatInstant, parseLenientInstant, parseZonedInstant } from './dates.js';

describe('instants on the wire', () => {
  it('formats UTC with milliseconds and a colon offset', () => {
    expect(formatInstant(Date.UTC(2024, 4, 1, 12, 34, 56))).toBe('2024-05-01T12:34:56.000+00:00');
  });

  it('formats every millisecond and far-apart instants right, also when they alternate', () => {
    const instants = [Date.UTC(2024, 4, 1, 12, 34, 56, 7), Date.UTC(2024, 4, 1, 12, 34, 56, 89), Date.UTC(1999, 11, 31, 23, 59, 59, 999), Date.UTC(2024, 4, 1, 12, 34, 57, 123), 0, Date.UTC(2024, 4, 1, 12, 34, 56, 7) + 16_000];
    for (const instant of [...instants, ...instants]) expect(formatInstant(instant)).toBe(new Date(instant).toISOString().replace('Z', '+00:00'));
    expect(formatInstant(Date.UTC(1999, 11, 31, 23, 59, 59, 5))).toBe('1999-12-31T23:59:59.005+00:00');
  });

  it('gives each instant its own text when instants a multiple of 64 ms apart alternate', () => {
    const base = Date.UTC(2026, 10, 28, 14, 0, 0, 0);
    const sameSlot = [base, base + 64, base + 64_000, base + 128, base + 3_200];
    for (const instant of [...sameSlot, ...sameSlot.reverse(), base, base]) expect(formatInstant(instant)).toBe(new Date(instant).toISOString().replace('Z', '+00:00'));
  });

  it('formats instants before 1970 and beyond year 9999 as ISO does', () => {
    expect(formatInstant(-1)).toBe('1969-12-31T23:59:59.999+00:00');
    expect(formatInstant(Date.UTC(10_000, 0, 1))).toBe('+010000-01-01T00:00:00.000+00:00');
    expect(formatInstant(1.5)).toBe('1970-01-01T00:00:00.001+00:00');
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
