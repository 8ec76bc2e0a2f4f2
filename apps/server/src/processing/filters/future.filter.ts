import type { PositionFilter } from './position-filter.js';

/** `filter.future` (seconds, default one day): fix time too far ahead of the server clock. */
export const futureFilter: PositionFilter = {
  name: 'Future',
  matches: ({ position, context, now }) => {
    const limit = context.settings.number('filter.future');
    return limit > 0 && position.fixTime > now + limit * 1000;
  },
};
