import type { PositionFilter } from './position-filter.js';

/** `filter.zero`: latitude and longitude both exactly 0. */
export const zeroFilter: PositionFilter = {
  name: 'Zero',
  matches: ({ position, context }) => context.settings.boolean('filter.zero') && position.latitude === 0 && position.longitude === 0,
};
