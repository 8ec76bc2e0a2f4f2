import { describe, expect, it } from 'vitest';
import { defaultCustomRange, periodRange } from './report-period';

// Wednesday 2026-11-18 15:30 in Kolkata (UTC+05:30)
const NOW = new Date('2026-11-18T10:00:00Z');
const KOLKATA = 'Asia/Kolkata';
const range = (period: Parameters<typeof periodRange>[0]) => {
  const { from, to } = periodRange(period, { from: '', to: '' }, KOLKATA, NOW);
  return [from.toISOString(), to.toISOString()];
};

describe(periodRange.name, () => {
  it('covers whole days in the user time zone', () => {
    expect(range('today')).toEqual(['2026-11-17T18:30:00.000Z', '2026-11-18T18:29:59.999Z']);
    expect(range('yesterday')).toEqual(['2026-11-16T18:30:00.000Z', '2026-11-17T18:29:59.999Z']);
  });

  it('covers weeks from Monday to Sunday', () => {
    expect(range('thisWeek')).toEqual(['2026-11-15T18:30:00.000Z', '2026-11-22T18:29:59.999Z']);
    expect(range('previousWeek')).toEqual(['2026-11-08T18:30:00.000Z', '2026-11-15T18:29:59.999Z']);
  });

  it('counts a Sunday in the week that began the Monday before', () => {
    // Sunday 2026-11-22 23:00 in Kolkata
    const sunday = new Date('2026-11-22T17:30:00Z');
    const thisWeek = periodRange('thisWeek', { from: '', to: '' }, KOLKATA, sunday);
    const previousWeek = periodRange('previousWeek', { from: '', to: '' }, KOLKATA, sunday);
    expect([thisWeek.from.toISOString(), thisWeek.to.toISOString()]).toEqual(['2026-11-15T18:30:00.000Z', '2026-11-22T18:29:59.999Z']);
    expect(previousWeek.from.toISOString()).toBe('2026-11-08T18:30:00.000Z');
  });

  it('covers calendar months', () => {
    expect(range('thisMonth')).toEqual(['2026-10-31T18:30:00.000Z', '2026-11-30T18:29:59.999Z']);
    expect(range('previousMonth')).toEqual(['2026-09-30T18:30:00.000Z', '2026-10-31T18:29:59.999Z']);
  });

  it('reads custom times as local times of the user time zone', () => {
    const { from, to } = periodRange('custom', { from: '2026-11-01T08:00', to: '2026-11-01T09:15' }, KOLKATA, NOW);
    expect([from.toISOString(), to.toISOString()]).toEqual(['2026-11-01T02:30:00.000Z', '2026-11-01T03:45:00.000Z']);
  });
});

describe(defaultCustomRange.name, () => {
  it('is the last hour up to now', () => {
    const { from, to } = defaultCustomRange(new Date(2026, 10, 18, 15, 30));
    expect([from, to]).toEqual(['2026-11-18T14:30', '2026-11-18T15:30']);
  });
});
