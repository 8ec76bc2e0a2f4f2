import type { TFunction } from 'i18next';
import { eventLabel } from '../common/event-label';

export const EVENT_NOTIFICATION_MS = 4000;

/** A browser notification titled with the event's type, closed again after 4 s; nothing without permission. */
export const showEventNotification = (t: TFunction, event: { type: string; attributes: Record<string, unknown> }) => {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const notification = new Notification(eventLabel(t, event.type), { body: String(event.attributes.message ?? '') });
  setTimeout(() => notification.close(), EVENT_NOTIFICATION_MS);
};
