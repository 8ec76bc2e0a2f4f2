import type { PositionFilter } from './position-filter.js';

/** Device `calendarId`: a fix time outside the device's calendar is dropped. */
export const calendarFilter: PositionFilter = {
  name: 'Calendar',
  matches: ({ position, context }) => context.calendar !== undefined && !context.calendar.contains(position.fixTime),
};
