import type { Calendar, Command, ComputedAttribute, Device, Driver, Event, Geofence, Group, Maintenance, Notification, Order, ScheduledReport, Statistics, User } from '@tracklane/domain';
import type { Storage } from './database.js';
import { createAccessRepository } from './access.repository.js';
import { createCommandQueueRepository } from './command-queue.repository.js';
import { codecs } from './codecs.js';
import { createDeviceRepository } from './device.repository.js';
import { createEntityRepository } from './entity.repository.js';
import { createLinkRepository } from './link.repository.js';
import { createNotificationRepository } from './notification.repository.js';
import { createPositionRepository } from './position.repository.js';
import { createProcessingRepository } from './processing.repository.js';
import { createReportRepository } from './report.repository.js';
import { createServerRepository } from './server.repository.js';
import { createSessionRepository } from './session.repository.js';
import { createStatisticsRepository } from './statistics.repository.js';
import { createUserRepository } from './user.repository.js';

export const createRepositories = ({ db, dialect, positionIds, positionTail }: Storage) => ({
  server: createServerRepository(db),
  users: createEntityRepository<User>(db, 'users', codecs.user),
  userAccounts: createUserRepository(db),
  devices: createEntityRepository<Device>(db, 'devices', codecs.device, 'devices_with_latest'),
  deviceState: createDeviceRepository(db),
  groups: createEntityRepository<Group>(db, 'groups', codecs.group),
  geofences: createEntityRepository<Geofence>(db, 'geofences', codecs.geofence),
  notifications: createEntityRepository<Notification>(db, 'notifications', codecs.notification),
  drivers: createEntityRepository<Driver>(db, 'drivers', codecs.driver),
  computedAttributes: createEntityRepository<ComputedAttribute>(db, 'computed_attributes', codecs.computedAttribute),
  maintenances: createEntityRepository<Maintenance>(db, 'maintenances', codecs.maintenance),
  calendars: createEntityRepository<Calendar>(db, 'calendars', codecs.calendar),
  commands: createEntityRepository<Command>(db, 'commands', codecs.command),
  commandQueue: createCommandQueueRepository(db),
  orders: createEntityRepository<Order>(db, 'orders', codecs.order),
  reports: createEntityRepository<ScheduledReport>(db, 'reports', codecs.report),
  statistics: createEntityRepository<Statistics>(db, 'statistics', codecs.statistics),
  statisticsHistory: createStatisticsRepository(db),
  events: createEntityRepository<Event>(db, 'events', codecs.event),
  positions: createPositionRepository(db, dialect, positionIds, positionTail),
  processing: createProcessingRepository(db, dialect, positionTail),
  reportData: createReportRepository(db, dialect, positionTail),
  sessions: createSessionRepository(db),
  links: createLinkRepository(db),
  notificationLinks: createNotificationRepository(db),
  access: createAccessRepository(db),
});

export type Repositories = ReturnType<typeof createRepositories>;
