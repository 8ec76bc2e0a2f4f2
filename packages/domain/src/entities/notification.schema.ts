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

/** An announcement sent through one channel (`POST /api/notifications/send/{notificator}`). */
export const NotificationMessageSchema = Type.Object(
  {
    subject: Type.Optional(NullableString('Title; the digest when absent', { maxLength: 256 })),
    digest: Type.Optional(NullableString('One-line text for SMS and push; the body when absent', { maxLength: 1024 })),
    body: Type.String({ minLength: 1, maxLength: 20_000, description: 'Text (HTML for mail)' }),
    priority: Type.Optional(Flag('High priority, for push channels')),
  },
  { $id: 'NotificationMessage', additionalProperties: false },
);
export type NotificationMessageInput = Static<typeof NotificationMessageSchema>;
