import { describe, expect, it } from 'vitest';
import { parseTimeZone } from './device-time-zone.js';

const wallClock = (text: string) => Date.parse(`${text}Z`);
const toUtc = (zone: string, local: string) => new Date(parseTimeZone(zone)!.toUtc(wallClock(local))).toISOString();

describe('parseTimeZone', () => {
  it('reads UTC and the offsets Java zone IDs write', () => {
    expect(toUtc('UTC', '2026-03-01T12:00:00')).toBe('2026-03-01T12:00:00.000Z');
    expect(toUtc('GMT+8', '2026-03-01T12:00:00')).toBe('2026-03-01T04:00:00.000Z');
    expect(toUtc('UTC-03:30', '2026-03-01T12:00:00')).toBe('2026-03-01T15:30:00.000Z');
    expect(toUtc('+0545', '2026-03-01T12:00:00')).toBe('2026-03-01T06:15:00.000Z');
  });

  it('follows a named zone through its daylight saving', () => {
    // New York: UTC-5 in winter, UTC-4 from 8 March 2026
    expect(toUtc('America/New_York', '2026-01-15T08:00:00')).toBe('2026-01-15T13:00:00.000Z');
    expect(toUtc('America/New_York', '2026-07-15T08:00:00')).toBe('2026-07-15T12:00:00.000Z');
    expect(toUtc('Europe/Moscow', '2026-07-15T08:00:00')).toBe('2026-07-15T05:00:00.000Z');
  });

  it('knows no zone in empty text, out-of-range offsets or unknown names', () => {
    expect(parseTimeZone('')).toBeUndefined();
    expect(parseTimeZone('GMT+15')).toBeUndefined();
    expect(parseTimeZone('Mars/Olympus')).toBeUndefined();
  });
});
