import type { PositionFilter } from './position-filter.js';

/** Server-local calendar day of an instant, the unit `filter.dailyLimit` counts in. */
export const dayOf = (time: number): string => {
  const date = new Date(time);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
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
    const stored = state.daily.day === dayOf(now) ? state.daily.count : 0;
    if (stored < limit) return false;
    const interval = context.settings.number('filter.dailyLimitInterval') * 1000;
    return interval <= 0 || position.fixTime - (last?.fixTime ?? 0) < interval;
  },
};
