import type { Device, Event, Group, Notification, User } from '@tracklane/domain';
import type { CandidateLinks } from '../storage/notification.repository.js';
import type { Repositories } from '../storage/repositories.js';
import { createCalendarCache } from '../calendars/calendar-schedule.js';
import { createCachedLoad } from '../processing/cached-load.js';
import { notificationMatches } from './notification-matcher.js';

export interface NotificationMatch {
  notification: Notification;
  /** Users linked to the notification who can see the device, without disabled or expired ones. */
  users: User[];
}

interface NotificationIndex {
  links: CandidateLinks;
  /** All of them, in the order deliveries are made (by description). */
  notifications: Notification[];
}

export interface NotificationFinderDeps {
  repos: Repositories;
  /** Users whose links reach the device (the event service keeps them). */
  viewersOf(deviceId: number): Promise<number[]>;
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
export const createNotificationFinder = ({ repos, viewersOf, groupsOf, now, onCalendarError }: NotificationFinderDeps) => {
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

  /**
   * Every notification and the links that make it a candidate, read once (three queries) and kept
   * until links, groups or notifications change (`invalidate`). A fleet whose devices all start
   * moving at once raises thousands of events in a second; each used to read them again (four
   * queries) before finding, usually, no notification at all.
   */
  const index = createCachedLoad(async (): Promise<NotificationIndex> => {
    const [links, notifications] = await Promise.all([repos.notificationLinks.candidateLinks(), repos.notifications.list({ sortColumn: 'description' })]);
    return { links, notifications };
  });

  /** Who can see the device, and the notifications of the event's type that could fire for it. */
  const candidatesOf = async (device: Device, type: string): Promise<{ viewers: number[]; candidates: Notification[] }> => {
    const [{ links, notifications }, viewers, groups] = await Promise.all([index.get(), viewersOf(device.id), groupsOf(device)]);
    const ids = new Set([
      ...(links.byDevice.get(device.id) ?? []),
      ...groups.flatMap((group) => links.byGroup.get(group.id) ?? []),
      ...viewers.flatMap((userId) => links.alwaysByUser.get(userId) ?? []),
    ]);
    return { viewers, candidates: ids.size > 0 ? notifications.filter((notification) => notification.type === type && ids.has(notification.id)) : [] };
  };

  return {
    find: async (event: Event, device: Device): Promise<NotificationMatch[]> => {
      const { viewers, candidates } = await candidatesOf(device, event.type);
      if (candidates.length === 0) return [];
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
    /** Links, groups or notifications changed: everything is read again. */
    invalidate: index.reset,
  };
};

export type NotificationFinder = ReturnType<typeof createNotificationFinder>;
