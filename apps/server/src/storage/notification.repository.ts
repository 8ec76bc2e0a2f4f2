import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from './database-schema.js';

const ids = (rows: { id: number | string }[]): number[] => rows.map((row) => Number(row.id));

/** Queries of notification delivery: which notifications apply to a device and who is linked to them. */
export const createNotificationRepository = (db: Kysely<DatabaseSchema>) => ({
  /** Notifications linked to the device, or to one of the groups (its group and the groups above it). */
  linkedToDevice: async (deviceId: number, groupIds: number[]): Promise<number[]> => {
    const viaGroups = groupIds.length > 0
      ? sql` union select "notificationId" as id from group_notification where "groupId" in (${sql.join(groupIds)})`
      : sql``;
    const { rows } = await sql<{ id: number | string }>`select "notificationId" as id from device_notification where "deviceId" = ${deviceId}${viaGroups}`.execute(db);
    return ids(rows);
  },
  /** Notifications marked `always` that are linked to one of the users. */
  alwaysOfUsers: async (userIds: number[]): Promise<number[]> => {
    if (userIds.length === 0) return [];
    const { rows } = await sql<{ id: number | string }>`
      select distinct n.id from notifications n join user_notification un on un."notificationId" = n.id
      where n.always = 1 and un."userId" in (${sql.join(userIds)})`.execute(db);
    return ids(rows);
  },
  /** The user links of the notifications. */
  userLinks: async (notificationIds: number[]): Promise<{ notificationId: number; userId: number }[]> => {
    if (notificationIds.length === 0) return [];
    const { rows } = await sql<{ notificationId: number | string; userId: number | string }>`
      select distinct "notificationId", "userId" from user_notification where "notificationId" in (${sql.join(notificationIds)})`.execute(db);
    return rows.map((row) => ({ notificationId: Number(row.notificationId), userId: Number(row.userId) }));
  },
});

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
