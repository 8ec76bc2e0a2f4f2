import type { Broadcaster } from '../live/live-message.js';
import type { Notificator } from './notificator.js';

/**
 * Pushes a copy of the event with `attributes.message` (the digest) to the user's open sockets, on
 * every instance through the broadcaster; the browser shows it as a notification.
 */
export const createWebNotificator = (broadcaster: Broadcaster): Notificator => ({
  type: 'web',
  send: async ({ user, message, event }) => {
    broadcaster.publish({ kind: 'event', userId: user.id, event: { ...event, attributes: { ...event.attributes, message: message.digest } } });
  },
});
