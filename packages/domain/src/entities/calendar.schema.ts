import { Type, type Static } from 'typebox';
import { Attributes, Id } from './common.schema.js';

export const CalendarSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes(),
    name: Type.String({ minLength: 1, maxLength: 128, description: 'Name' }),
    data: Type.String({ minLength: 1, maxLength: 1_000_000, description: 'iCalendar content, base64-encoded' }),
  },
  { $id: 'Calendar' },
);
export type Calendar = Static<typeof CalendarSchema>;
