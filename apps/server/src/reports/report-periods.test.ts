import { describe, expect, it } from 'vitest';
import { dailyWindows, formatLocal, validTimeZone, zoneOffset, zoneOffsets } from './report-periods.js';

const iso = (windows: { from: number; to: number }[]) => windows.map((w) => [new Date(w.from).toISOString(), new Date(w.to).toISOString()]);

describe(dailyWindows.name, () => {
  it('cuts at the midnights of the zone: from to the next midnight, whole days, the last midnight to `to`', () => {
    const windows = dailyWindows(Date.parse('2025-03-01T10:00:00Z'), Date.parse('2025-03-03T12:00:00Z'), 'Asia/Kolkata');
    expect(iso(windows)).toEqual([
      ['2025-03-01T10:00:00.000Z', '2025-03-01T18:30:00.000Z'],
      ['2025-03-01T18:30:00.000Z', '2025-03-02T18:30:00.000Z'],
      ['2025-03-02T18:30:00.000Z', '2025-03-03T12:00:00.000Z'],
    ]);
  });

  it('follows daylight saving: the day the clocks go forward is 23 hours long', () => {
    const windows = dailyWindows(Date.parse('2024-03-30T23:00:00Z'), Date.parse('2024-04-01T22:00:00Z'), 'Europe/Berlin');
    expect(iso(windows)).toEqual([
      ['2024-03-30T23:00:00.000Z', '2024-03-31T22:00:00.000Z'],
      ['2024-03-31T22:00:00.000Z', '2024-04-01T22:00:00.000Z'],
    ]);
  });

  it('a period inside one day is one window', () => {
    expect(iso(dailyWindows(Date.parse('2025-01-01T08:00:00Z'), Date.parse('2025-01-01T09:00:00Z'), 'UTC'))).toEqual([['2025-01-01T08:00:00.000Z', '2025-01-01T09:00:00.000Z']]);
  });
});

describe(validTimeZone.name, () => {
  it('keeps a zone the runtime knows and falls back to UTC', () => {
    expect(validTimeZone('America/New_York')).toBe('America/New_York');
    expect(validTimeZone('Mars/Olympus')).toBe('UTC');
    expect(validTimeZone(undefined)).toBe('UTC');
  });
});

describe(formatLocal.name, () => {
  it('formats wall-clock time of the zone', () => {
    expect(formatLocal(Date.parse('2025-06-01T12:00:00Z'), 'Asia/Kolkata')).toBe('2025-06-01 17:30:00');
  });
});

describe(zoneOffsets.name, () => {
  it('gives zoneOffset for every instant, across a daylight-saving change', () => {
    const offsetAt = zoneOffsets('Europe/Berlin');
    const change = Date.parse('2024-03-31T01:00:00Z');
    for (const instant of [change - 1, change, change + 1, change + 899_999, Date.parse('2024-07-01T12:34:56Z')]) {
      expect(offsetAt(instant)).toBe(zoneOffset(instant, 'Europe/Berlin'));
    }
    expect([offsetAt(change - 1), offsetAt(change)]).toEqual([3_600_000, 7_200_000]);
  });
});
