import type { PositionFilter } from './position-filter.js';

/** `filter.duplicate`: same fix time as the last position and no attribute key the last one lacked (values are not compared). */
export const duplicateFilter: PositionFilter = {
  name: 'Duplicate',
  skippable: true,
  matches: ({ position, last, context }) =>
    context.settings.boolean('filter.duplicate') &&
    last !== undefined &&
    position.fixTime === last.fixTime &&
    Object.keys(position.attributes).every((key) => key in last.attributes),
};
