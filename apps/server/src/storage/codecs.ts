import {
  CalendarSchema, CommandSchema, ComputedAttributeSchema, DeviceSchema, DriverSchema, EventSchema, GeofenceSchema,
  GroupSchema, MaintenanceSchema, NotificationSchema, OrderSchema, PositionSchema, ScheduledReportSchema, ServerSchema,
  QueuedCommandSchema, StatisticsSchema, UserSchema,
  type Calendar, type Command, type ComputedAttribute, type Device, type Driver, type Event, type Geofence, type Group,
  type Maintenance, type Notification, type Order, type Position, type QueuedCommand, type ScheduledReport, type Server, type Statistics, type User,
} from '@tracklane/domain';
import { createCodec } from './entity-codec.js';

/** One codec per entity, all derived from the domain schemas. */
export const codecs = {
  server: createCodec<Server>(ServerSchema),
  user: createCodec<User>(UserSchema, { trim: ['email', 'phone', 'login'] }),
  device: createCodec<Device>(DeviceSchema, { trim: ['uniqueId', 'phone'] }),
  group: createCodec<Group>(GroupSchema),
  position: createCodec<Position>(PositionSchema, { sharedJson: ['network'] }),
  event: createCodec<Event>(EventSchema),
  geofence: createCodec<Geofence>(GeofenceSchema),
  notification: createCodec<Notification>(NotificationSchema),
  driver: createCodec<Driver>(DriverSchema, { trim: ['uniqueId'] }),
  computedAttribute: createCodec<ComputedAttribute>(ComputedAttributeSchema),
  maintenance: createCodec<Maintenance>(MaintenanceSchema),
  calendar: createCodec<Calendar>(CalendarSchema),
  command: createCodec<Command>(CommandSchema),
  queuedCommand: createCodec<QueuedCommand>(QueuedCommandSchema),
  order: createCodec<Order>(OrderSchema),
  report: createCodec<ScheduledReport>(ScheduledReportSchema),
  statistics: createCodec<Statistics>(StatisticsSchema),
};
