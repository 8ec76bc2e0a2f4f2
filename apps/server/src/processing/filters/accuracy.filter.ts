import type { PositionFilter } from './position-filter.js';

/** `filter.accuracy` (metres): accuracy worse than the limit; an unknown accuracy (0) passes. */
export const accuracyFilter: PositionFilter = {
  name: 'Accuracy',
  matches: ({ position, context }) => {
    const limit = context.settings.number('filter.accuracy');
    return limit > 0 && position.accuracy > limit;
  },
};
