import type { PositionFilter } from './position-filter.js';

/** `filter.outdated`: positions without a location of their own. */
export const outdatedFilter: PositionFilter = {
  name: 'Outdated',
  matches: ({ position, context }) => context.settings.boolean('filter.outdated') && position.outdated,
};
