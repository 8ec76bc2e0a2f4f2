import { Type, type Static } from 'typebox';
import { Attributes, Id } from './common.schema.js';

/** A scheduled report definition (`/api/reports` CRUD). */
export const ScheduledReportSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes(),
    calendarId: Type.Integer({ minimum: 1, 'x-ref': true, description: 'Calendar that schedules it (required)' }),
    type: Type.String({ minLength: 1, maxLength: 32, description: 'route, events, trips, stops or summary' }),
    description: Type.String({ minLength: 1, maxLength: 4000, description: 'Description' }),
  },
  { $id: 'ScheduledReport' },
);
export type ScheduledReport = Static<typeof ScheduledReportSchema>;
