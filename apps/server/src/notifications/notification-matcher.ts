import type { Event, Notification } from '@tracklane/domain';

/** A comma-separated attribute (`alarms`, `geofenceIds`) as a list; absent or empty gives []. */
export const splitList = (value: unknown): string[] =>
  typeof value === 'string' || typeof value === 'number' ? String(value).split(',').map((item) => item.trim()).filter(Boolean) : [];

/**
 * Whether a candidate notification fires for the event (reference/processing.md §4.2 steps 4–7):
 * same type; for alarms, the event's alarm is in `attributes.alarms` (a notification without it
 * never fires for alarms); with `attributes.geofenceIds`, the event's geofence is one of them; with
 * a calendar, the event time is inside it.
 */
export const notificationMatches = (
  notification: Pick<Notification, 'type' | 'attributes' | 'calendarId'>,
  event: Pick<Event, 'type' | 'attributes' | 'geofenceId'>,
  inCalendar: (calendarId: number) => boolean,
): boolean => {
  if (notification.type !== event.type) return false;
  if (event.type === 'alarm' && !splitList(notification.attributes.alarms).includes(String(event.attributes.alarm ?? ''))) return false;
  const geofenceIds = splitList(notification.attributes.geofenceIds);
  if (geofenceIds.length > 0 && !geofenceIds.includes(String(event.geofenceId))) return false;
  return notification.calendarId <= 0 || inCalendar(notification.calendarId);
};

/** The channels a notification names, without repeats. */
export const notificatorsOf = (notification: Pick<Notification, 'notificators'>): string[] => [...new Set(splitList(notification.notificators))];
