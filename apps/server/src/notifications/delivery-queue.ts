import { PermanentDeliveryError, type Delivery, type Notificator } from './notificator.js';

export interface DeliveryLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface DeliveryQueueOptions {
  /** Further attempts after the first failure. */
  retries: number;
  /** Milliseconds before the first retry; doubled for each next one. */
  retryDelay: number;
  log: DeliveryLog;
}

/**
 * Sends deliveries in the background: each channel on its own, so a slow or failing one holds up
 * neither ingestion nor the other channels. A failure is logged and retried with exponential
 * backoff (retryDelay, 2×, 4×, …) up to `retries` times; permanent failures are not retried.
 */
export const createDeliveryQueue = (options: DeliveryQueueOptions) => {
  const timers = new Set<NodeJS.Timeout>();
  let pending = 0;
  let waiters: (() => void)[] = [];
  let closed = false;

  const settle = () => {
    if (--pending > 0) return;
    const resolve = waiters;
    waiters = [];
    resolve.forEach((done) => done());
  };

  const attempt = (notificator: Notificator, delivery: Delivery, retry: number) => {
    const details = { channel: notificator.type, userId: delivery.user.id, eventId: delivery.event.id, attempt: retry + 1 };
    Promise.resolve().then(() => notificator.send(delivery)).then(settle, (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      if (closed || error instanceof PermanentDeliveryError || retry >= options.retries) {
        options.log.error({ ...details, error: reason }, 'notification not delivered');
        settle();
        return;
      }
      const delay = options.retryDelay * 2 ** retry;
      options.log.warn({ ...details, error: reason, retryIn: delay }, 'notification delivery failed, retrying');
      const timer = setTimeout(() => {
        timers.delete(timer);
        attempt(notificator, delivery, retry + 1);
      }, delay);
      timer.unref();
      timers.add(timer);
    });
  };

  return {
    /** Starts a delivery and returns at once. */
    deliver: (notificator: Notificator, delivery: Delivery): void => {
      if (closed) return;
      pending++;
      attempt(notificator, delivery, 0);
    },
    /** Resolves once every started delivery has succeeded or given up. */
    idle: (): Promise<void> => (pending === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    pending: () => pending,
    /** Drops scheduled retries; deliveries in flight finish without another attempt. */
    close: (): void => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      pending -= timers.size;
      timers.clear();
      if (pending <= 0) {
        pending = 0;
        waiters.forEach((done) => done());
        waiters = [];
      }
    },
  };
};

export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;
