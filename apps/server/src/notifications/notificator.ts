import type { Event, NotificatorType, User } from '@tracklane/domain';
import type { NotificationMessage } from './notification-message.js';

/** One message for one user through one channel. */
export interface Delivery {
  user: User;
  message: NotificationMessage;
  /** The event (for a test, a made-up `test` event with id 0). */
  event: Event;
  /**
   * Parts already delivered, kept across retries so a retry sends only what failed (e.g. the push
   * tokens that did not take it yet).
   */
  done: Set<string>;
}

/** A delivery channel: web, mail, sms, firebase. `send` rejects when the channel failed. */
export interface Notificator {
  readonly type: NotificatorType;
  send(delivery: Delivery): Promise<void>;
}

/** A failure that another attempt cannot fix (no address, rejected credentials): not retried. */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}
