import { numberAttribute } from '../pipeline-position.js';
import type { PositionFilter } from './position-filter.js';

/** `filter.distance` (metres): moved less than the limit since the last accepted position. */
export const distanceFilter: PositionFilter = {
  name: 'Distance',
  skippable: true,
  matches: ({ position, last, context }) => {
    const limit = context.settings.number('filter.distance');
    return limit > 0 && last !== undefined && (numberAttribute(position, 'distance') ?? 0) < limit;
  },
};
