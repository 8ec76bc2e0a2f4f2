import type { Device, Event, Group, Notification, User } from '@tracklane/domain';
import type { Repositories } from '../storage/repositories.js';
import { createCalendarCache } from '../calendars/calendar-schedule.js';
import { notificationMatches } from './notification-matcher.js';

export interface NotificationMatch {
  notification: Notification;
  /** Users linked to the notification who can see the device, without disabled or expired ones. */
  users: User[];
}

interface DeviceCandidates {
  viewers: number[];
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
   * Per device: who can see it and the notifications that could fire for it. Both follow links,
   * groups and notifications only, so they are kept until one of those changes (`invalidate`); a
   * fleet whose devices all start moving at once raised thousands of events in a second, each of
   * which read them again (four queries) before finding, usually, no notification at all.
   */
  const candidatesByDevice = new Map<number, Promise<DeviceCandidates>>();

  const loadCandidates = async (device: Device): Promise<DeviceCandidates> => {
    const [viewers, groups] = await Promise.all([viewersOf(device.id), groupsOf(device)]);
    const [direct, always] = await Promise.all([
      repos.notificationLinks.linkedToDevice(device.id, groups.map((group) => group.id)),
      repos.notificationLinks.alwaysOfUsers(viewers),
    ]);
    const candidateIds = [...new Set([...direct, ...always])];
    const notifications = candidateIds.length > 0 ? await repos.notifications.list({ ids: candidateIds, sortColumn: 'description' }) : [];
    return { viewers, notifications };
  };

  const candidatesOf = (device: Device): Promise<DeviceCandidates> => {
    let candidates = candidatesByDevice.get(device.id);
    if (!candidates) {
      candidates = loadCandidates(device);
      candidates.catch(() => candidatesByDevice.delete(device.id));
      candidatesByDevice.set(device.id, candidates);
    }
    return candidates;
  };

  return {
    find: async (event: Event, device: Device): Promise<NotificationMatch[]> => {
      const { viewers, notifications } = await candidatesOf(device);
      const candidates = notifications.filter((n) => n.type === event.type);
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
    /** Links, groups or notifications changed: every device's candidates are read again. */
    invalidate: (): void => candidatesByDevice.clear(),
  };
};

export type NotificationFinder = ReturnType<typeof createNotificationFinder>;
