import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from './database-schema.js';

interface OwnerLink {
  ownerId: number | string;
  id: number | string;
}

/** Notification ids by the id of what they are linked to. */
export interface CandidateLinks {
  byDevice: Map<number, number[]>;
  byGroup: Map<number, number[]>;
  alwaysByUser: Map<number, number[]>;
}

const byOwner = (rows: OwnerLink[]): Map<number, number[]> => {
  const grouped = new Map<number, number[]>();
  for (const row of rows) {
    const owner = Number(row.ownerId);
    const ids = grouped.get(owner);
    if (ids) ids.push(Number(row.id));
    else grouped.set(owner, [Number(row.id)]);
  }
  return grouped;
};

/** Queries of notification delivery: which notifications apply to a device and who is linked to them. */
export const createNotificationRepository = (db: Kysely<DatabaseSchema>) => ({
  /**
   * Every link that makes a notification a candidate for a device's events, by owner: to the
   * device, to one of its groups, or (a notification marked `always`) to a user who sees it.
   */
  candidateLinks: async (): Promise<CandidateLinks> => {
    const [devices, groups, users] = await Promise.all([
      sql<OwnerLink>`select "deviceId" as "ownerId", "notificationId" as id from device_notification`.execute(db),
      sql<OwnerLink>`select "groupId" as "ownerId", "notificationId" as id from group_notification`.execute(db),
      sql<OwnerLink>`select un."userId" as "ownerId", n.id from notifications n join user_notification un on un."notificationId" = n.id where n.always = 1`.execute(db),
    ]);
    return { byDevice: byOwner(devices.rows), byGroup: byOwner(groups.rows), alwaysByUser: byOwner(users.rows) };
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
