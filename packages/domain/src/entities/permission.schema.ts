import { Type, type Static } from 'typebox';

/** Owner keys and the property keys each may be linked to (first key owns the second). */
export const PERMISSION_PAIRS = {
  userId: [
    'deviceId', 'groupId', 'geofenceId', 'notificationId', 'calendarId', 'attributeId', 'driverId',
    'commandId', 'maintenanceId', 'orderId', 'reportId', 'managedUserId',
  ],
  deviceId: [
    'geofenceId', 'notificationId', 'attributeId', 'driverId', 'commandId', 'maintenanceId', 'orderId',
    'reportId', 'linkedDeviceId',
  ],
  groupId: ['geofenceId', 'notificationId', 'attributeId', 'driverId', 'commandId', 'maintenanceId', 'orderId', 'reportId'],
} as const;

export type PermissionOwnerKey = keyof typeof PERMISSION_PAIRS;
export type PermissionPropertyKey = (typeof PERMISSION_PAIRS)[PermissionOwnerKey][number];
export type PermissionKey = PermissionOwnerKey | PermissionPropertyKey;

export const PERMISSION_KEYS = [
  ...new Set<PermissionKey>([...(Object.keys(PERMISSION_PAIRS) as PermissionOwnerKey[]), ...Object.values(PERMISSION_PAIRS).flat()]),
];

/** Exactly two `<name>Id` keys: the first owns the second, e.g. `{"userId":2,"deviceId":12}`. */
export const PermissionSchema = Type.Record(Type.String({ pattern: '^[a-zA-Z]+Id$' }), Type.Integer({ minimum: 1 }), {
  $id: 'Permission',
  minProperties: 2,
  maxProperties: 2,
  description: 'Exactly two <name>Id keys; the first owns the second',
});
export type Permission = Static<typeof PermissionSchema>;
