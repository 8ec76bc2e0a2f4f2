import { toKnots } from '@tracklane/domain';
import { numberAttribute } from '../pipeline-position.js';
import type { PositionFilter } from './position-filter.js';

/** `filter.maxSpeed` (knots): the jump from the last position implies a higher speed. */
export const maxSpeedFilter: PositionFilter = {
  name: 'MaxSpeed',
  matches: ({ position, last, context }) => {
    const limit = context.settings.number('filter.maxSpeed');
    if (limit <= 0 || !last) return false;
    const seconds = (position.fixTime - last.fixTime) / 1000;
    return seconds > 0 && toKnots((numberAttribute(position, 'distance') ?? 0) / seconds, 'mps') > limit;
  },
};
