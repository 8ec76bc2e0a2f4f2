import type { PositionFilter } from './position-filter.js';

/** `filter.invalid`: no valid fix, or coordinates out of range. */
export const invalidFilter: PositionFilter = {
  name: 'Invalid',
  matches: ({ position: p, context }) =>
    context.settings.boolean('filter.invalid') && (!p.valid || p.latitude > 90 || p.latitude < -90 || p.longitude > 180 || p.longitude < -180),
};
