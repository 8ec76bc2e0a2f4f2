import type { PositionFilter } from './position-filter.js';

/** `filter.minPeriod` (seconds): less time than the limit since the last position's fix. */
export const minPeriodFilter: PositionFilter = {
  name: 'MinPeriod',
  matches: ({ position, last, context }) => {
    const limit = context.settings.number('filter.minPeriod') * 1000;
    if (limit <= 0 || !last) return false;
    const elapsed = position.fixTime - last.fixTime;
    return elapsed > 0 && elapsed < limit;
  },
};
