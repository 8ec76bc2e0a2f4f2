import { Type, type Static } from 'typebox';
import { Attributes, DateTime, Id, Ref } from './common.schema.js';

export const EventSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes('Event details: alarm, message, result, speed, speedLimit, …'),
    deviceId: Type.Integer({ minimum: 0, description: 'Device' }),
    type: Type.String({ description: 'Event type' }),
    eventTime: DateTime('When it happened'),
    positionId: Ref('Position'),
    geofenceId: Ref('Geofence'),
    maintenanceId: Ref('Maintenance'),
  },
  { $id: 'Event' },
);
export type Event = Static<typeof EventSchema>;
