import type { TFunction } from 'i18next';
import { eventLabel } from '../common/event-label';

export const EVENT_NOTIFICATION_MS = 4000;

/**
 * A browser notification titled with the event's type, closed again after 4 s. Only events the web
 * channel delivered (they carry the message text) pop up; the socket's raw copies just update the
 * lists. Nothing without the user's permission.
 */
export const showEventNotification = (t: TFunction, event: { type: string; attributes: Record<string, unknown> }) => {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  if (typeof event.attributes.message !== 'string') return;
  const notification = new Notification(eventLabel(t, event.type), { body: event.attributes.message });
  setTimeout(() => notification.close(), EVENT_NOTIFICATION_MS);
};
