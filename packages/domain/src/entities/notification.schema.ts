import { Type, type Static } from 'typebox';
import { Attributes, Flag, Id, NullableString, Ref } from './common.schema.js';

export const NotificationSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes('alarms (comma list), geofenceIds, priority'),
    calendarId: Ref('Calendar; 0 = always active'),
    always: Flag('Applies to every device of the linked users'),
    type: Type.String({ minLength: 1, maxLength: 128, description: 'Event type' }),
    commandId: Ref('Saved command sent by the command notificator'),
    notificators: NullableString('Comma-separated channels, e.g. web,mail', { maxLength: 128 }),
    description: NullableString('Description', { maxLength: 4000 }),
  },
  { $id: 'Notification' },
);
export type Notification = Static<typeof NotificationSchema>;
