import { PERMISSION_PAIRS, type PermissionKey, type PermissionOwnerKey } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';

/** The table each permission key points at. */
export const KEY_TABLES: Record<PermissionKey, keyof DatabaseSchema> = {
  userId: 'users',
  deviceId: 'devices',
  groupId: 'groups',
  geofenceId: 'geofences',
  notificationId: 'notifications',
  calendarId: 'calendars',
  attributeId: 'computed_attributes',
  driverId: 'drivers',
  commandId: 'commands',
  maintenanceId: 'maintenances',
  orderId: 'orders',
  reportId: 'reports',
  managedUserId: 'users',
  linkedDeviceId: 'devices',
};

const snake = (key: string): string => key.replace(/Id$/, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Link table of an owner/property pair: user_device, device_geofence, user_managed_user, … */
export const linkTableName = (owner: PermissionKey, property: PermissionKey): string => `${snake(owner)}_${snake(property)}`;

export interface LinkTable {
  name: string;
  owner: PermissionOwnerKey;
  property: PermissionKey;
}

export const LINK_TABLES: LinkTable[] = (Object.entries(PERMISSION_PAIRS) as [PermissionOwnerKey, readonly PermissionKey[]][]).flatMap(
  ([owner, properties]) => properties.map((property) => ({ name: linkTableName(owner, property), owner, property })),
);

export const isValidPair = (owner: string, property: string): owner is PermissionOwnerKey =>
  owner in PERMISSION_PAIRS && (PERMISSION_PAIRS[owner as PermissionOwnerKey] as readonly string[]).includes(property);
