import {
  CalendarSchema, DeviceSchema, CommandSchema, ComputedAttributeSchema, DriverSchema, GeofenceSchema, GroupSchema, MaintenanceSchema,
  NotificationSchema, OrderSchema, ScheduledReportSchema, type PermissionKey,
} from '@tracklane/domain';
import type { TObject } from 'typebox';
import type { RestrictionFlag } from '../auth/access-policy.js';
import { assertCalendarData } from './calendar-data.js';
import type { Repositories } from '../storage/repositories.js';

type EntityRepoName = 'devices' | 'groups' | 'geofences' | 'notifications' | 'drivers' | 'computedAttributes' | 'maintenances' | 'calendars' | 'commands' | 'orders' | 'reports';

/** How one generic resource behaves (reference/traccar-api.md §2.1). */
export interface ResourceDefinition {
  /** Path under /api. */
  path: string;
  repository: EntityRepoName;
  schema: TObject;
  /** Permission key naming this resource in link tables. */
  key: PermissionKey;
  /** simple: all/userId; extended: also deviceId/groupId. */
  listStyle: 'simple' | 'extended';
  sortColumn: string;
  keywordColumns: string[];
  required: string[];
  /** Extra restriction on create/update/delete for non-administrators. */
  writeRestriction?: RestrictionFlag | 'administrator';
  /** Reference fields whose target the caller must reach. */
  references: { field: string; key: PermissionKey }[];
  lenientInput?: boolean;
  /** Content checks beyond the schema; throws a 400. */
  validate?: (body: Record<string, unknown>) => void;
}

export const RESOURCES: ResourceDefinition[] = [
  { path: 'groups', repository: 'groups', schema: GroupSchema, key: 'groupId', listStyle: 'simple', sortColumn: 'name', keywordColumns: ['name'], required: ['name'], references: [{ field: 'groupId', key: 'groupId' }] },
  { path: 'geofences', repository: 'geofences', schema: GeofenceSchema, key: 'geofenceId', listStyle: 'extended', sortColumn: 'name', keywordColumns: ['name'], required: ['name', 'area'], references: [{ field: 'calendarId', key: 'calendarId' }] },
  { path: 'notifications', repository: 'notifications', schema: NotificationSchema, key: 'notificationId', listStyle: 'extended', sortColumn: 'description', keywordColumns: ['description'], required: ['type'], references: [{ field: 'calendarId', key: 'calendarId' }, { field: 'commandId', key: 'commandId' }] },
  { path: 'drivers', repository: 'drivers', schema: DriverSchema, key: 'driverId', listStyle: 'extended', sortColumn: 'name', keywordColumns: ['name', 'uniqueId'], required: ['name', 'uniqueId'], references: [] },
  { path: 'attributes/computed', repository: 'computedAttributes', schema: ComputedAttributeSchema, key: 'attributeId', listStyle: 'extended', sortColumn: 'description', keywordColumns: ['description'], required: ['description', 'attribute', 'expression', 'type'], writeRestriction: 'administrator', references: [] },
  { path: 'maintenance', repository: 'maintenances', schema: MaintenanceSchema, key: 'maintenanceId', listStyle: 'extended', sortColumn: 'name', keywordColumns: ['name'], required: ['name', 'type'], references: [] },
  { path: 'commands', repository: 'commands', schema: CommandSchema, key: 'commandId', listStyle: 'extended', sortColumn: 'description', keywordColumns: ['description'], required: ['type', 'description'], writeRestriction: 'limitCommands', references: [], lenientInput: true },
  { path: 'calendars', repository: 'calendars', schema: CalendarSchema, key: 'calendarId', listStyle: 'simple', sortColumn: 'name', keywordColumns: ['name'], required: ['name', 'data'], references: [], validate: assertCalendarData },
  { path: 'orders', repository: 'orders', schema: OrderSchema, key: 'orderId', listStyle: 'simple', sortColumn: 'description', keywordColumns: ['description'], required: ['uniqueId'], references: [] },
  { path: 'reports', repository: 'reports', schema: ScheduledReportSchema, key: 'reportId', listStyle: 'simple', sortColumn: 'description', keywordColumns: ['description'], required: ['calendarId', 'type', 'description'], references: [{ field: 'calendarId', key: 'calendarId' }] },
];

/** Devices share the generic rules; their list and creation add to them (device.service.ts). */
export const DEVICES: ResourceDefinition = {
  path: 'devices', repository: 'devices', schema: DeviceSchema, key: 'deviceId', listStyle: 'extended', sortColumn: 'name',
  keywordColumns: ['name', 'uniqueId', 'phone', 'model', 'contact'], required: ['name', 'uniqueId'], writeRestriction: 'deviceReadonly',
  references: [{ field: 'groupId', key: 'groupId' }, { field: 'calendarId', key: 'calendarId' }],
};

export const repositoryOf = (repos: Repositories, definition: Pick<ResourceDefinition, 'repository'>) => repos[definition.repository];
