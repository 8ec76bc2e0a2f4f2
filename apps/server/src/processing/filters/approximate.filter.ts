import type { PositionFilter } from './position-filter.js';

/** `filter.approximate`: positions marked `approximate` (e.g. cell-tower locations). */
export const approximateFilter: PositionFilter = {
  name: 'Approximate',
  matches: ({ position, context }) => context.settings.boolean('filter.approximate') && position.attributes.approximate === true,
};
