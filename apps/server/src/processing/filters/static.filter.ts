import type { PositionFilter } from './position-filter.js';

/** `filter.static`: speed exactly 0. */
export const staticFilter: PositionFilter = {
  name: 'Static',
  skippable: true,
  matches: ({ position, context }) => context.settings.boolean('filter.static') && position.speed === 0,
};
