import type { Device, Event, Group, Notification, User } from '@tracklane/domain';
import type { AccessPolicy } from '../auth/access-policy.js';
import type { Repositories } from '../storage/repositories.js';
import { createCalendarCache } from '../calendars/calendar-schedule.js';
import { notificationMatches } from './notification-matcher.js';

export interface NotificationMatch {
  notification: Notification;
  /** Users linked to the notification who can see the device, without disabled or expired ones. */
  users: User[];
}

export interface NotificationFinderDeps {
  repos: Repositories;
  policy: AccessPolicy;
  /** The device's group and the groups above it. */
  groupsOf(device: Device): Promise<Group[]>;
  now: () => number;
  onCalendarError(calendarId: number, error: unknown): void;
}

/**
 * Which notifications an event fires and for whom (reference/processing.md §4.2): candidates are
 * the notifications linked to the device or to one of its groups, plus the `always` ones linked to
 * a user who can see the device; each recipient is linked to the notification and can see the device.
 */
export const createNotificationFinder = ({ repos, policy, groupsOf, now, onCalendarError }: NotificationFinderDeps) => {
  const calendarOf = createCalendarCache();

  const calendarChecker = async (notifications: Notification[], eventTime: number) => {
    const ids = [...new Set(notifications.map((n) => n.calendarId).filter((id) => id > 0))];
    const inside = new Map<number, boolean>();
    await Promise.all(ids.map(async (id) => {
      try {
        const calendar = await repos.calendars.findById(id);
        inside.set(id, calendar ? calendarOf(calendar.data).contains(eventTime) : true);
      } catch (error) {
        onCalendarError(id, error);
        inside.set(id, false);
      }
    }));
    return (id: number) => inside.get(id) ?? true;
  };

  return {
    find: async (event: Event, device: Device): Promise<NotificationMatch[]> => {
      const [viewers, groups] = await Promise.all([policy.usersSeeingDevice(device.id), groupsOf(device)]);
      const [direct, always] = await Promise.all([
        repos.notificationLinks.linkedToDevice(device.id, groups.map((group) => group.id)),
        repos.notificationLinks.alwaysOfUsers(viewers),
      ]);
      const candidateIds = [...new Set([...direct, ...always])];
      if (candidateIds.length === 0) return [];
      const candidates = (await repos.notifications.list({ ids: candidateIds, sortColumn: 'description' })).filter((n) => n.type === event.type);
      const inCalendar = await calendarChecker(candidates, Date.parse(event.eventTime ?? '') || now());
      const matching = candidates.filter((n) => notificationMatches(n, event, inCalendar));
      if (matching.length === 0) return [];

      const canSee = new Set(viewers);
      const links = (await repos.notificationLinks.userLinks(matching.map((n) => n.id))).filter((link) => canSee.has(link.userId));
      const userIds = [...new Set(links.map((link) => link.userId))];
      const users = userIds.length > 0 ? await repos.users.list({ ids: userIds, sortColumn: 'name' }) : [];
      const active = new Map(users.filter((u) => !u.disabled && !(u.expirationTime && Date.parse(u.expirationTime) < now())).map((u) => [u.id, u]));
      return matching
        .map((notification) => ({
          notification,
          users: links.filter((link) => link.notificationId === notification.id && active.has(link.userId)).map((link) => active.get(link.userId)!),
        }))
        .filter((match) => match.users.length > 0);
    },
  };
};

export type NotificationFinder = ReturnType<typeof createNotificationFinder>;
