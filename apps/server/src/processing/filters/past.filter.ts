import type { PositionFilter } from './position-filter.js';

/** `filter.past` (seconds): fix time too far behind the server clock. */
export const pastFilter: PositionFilter = {
  name: 'Past',
  matches: ({ position, context, now }) => {
    const limit = context.settings.number('filter.past');
    return limit > 0 && position.fixTime < now - limit * 1000;
  },
};
