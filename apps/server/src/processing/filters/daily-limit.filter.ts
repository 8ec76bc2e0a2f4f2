import type { PositionFilter } from './position-filter.js';

/** The day {@link dayOf} last named, as server-local instants [start, end). */
let cached = { start: 0, end: 0, text: '' };

/**
 * Server-local calendar day of an instant, the unit `filter.dailyLimit` counts in. Asked for every
 * position: the day's text is made once per day, not once per position (a new string per position
 * lived on in each device's state and was copied to the old generation with it).
 */
export const dayOf = (time: number): string => {
  if (time >= cached.start && time < cached.end) return cached.text;
  const date = new Date(time);
  const [year, month, day] = [date.getFullYear(), date.getMonth(), date.getDate()];
  cached = { start: new Date(year, month, day).getTime(), end: new Date(year, month, day + 1).getTime(), text: `${year}-${month + 1}-${day}` };
  return cached.text;
};

/**
 * `filter.dailyLimit`: the device already stored that many positions today; with
 * `filter.dailyLimitInterval` (seconds) one position per interval still gets through.
 */
export const dailyLimitFilter: PositionFilter = {
  name: 'DailyLimit',
  matches: ({ position, last, state, context, now }) => {
    const limit = context.settings.number('filter.dailyLimit');
    if (limit <= 0) return false;
    const stored = state.day === dayOf(now) ? state.dayCount : 0;
    if (stored < limit) return false;
    const interval = context.settings.number('filter.dailyLimitInterval') * 1000;
    return interval <= 0 || position.fixTime - (last?.fixTime ?? 0) < interval;
  },
};
