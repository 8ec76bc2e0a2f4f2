import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tracklane/domain';
import { createDeliveryQueue } from './delivery-queue.js';
import { PermanentDeliveryError, type Delivery, type Notificator } from './notificator.js';

const delivery = (): Delivery => ({
  user: { id: 3 } as User,
  message: { subject: 's', digest: 'd', body: 'b', priority: false },
  event: { id: 8, type: 'test', eventTime: null, deviceId: 0, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {} },
  done: new Set(),
});

/** A channel that fails `failures` times, then succeeds; it notes the time of each attempt. */
const flaky = (failures: number, error: () => Error = () => new Error('gateway down')) => {
  const attempts: number[] = [];
  const notificator: Notificator = {
    type: 'sms',
    send: async () => {
      attempts.push(Date.now());
      if (attempts.length <= failures) throw error();
    },
  };
  return { notificator, attempts };
};

describe(createDeliveryQueue.name, () => {
  const log = { warn: vi.fn(), error: vi.fn() };

  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    log.warn.mockClear();
    log.error.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('retries a failing channel with exponential backoff until it succeeds', async () => {
    const queue = createDeliveryQueue({ retries: 3, retryDelay: 1000, log });
    const { notificator, attempts } = flaky(2);
    queue.deliver(notificator, delivery());
    await vi.runAllTimersAsync();
    await queue.idle();
    expect(attempts).toEqual([0, 1000, 3000]);
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ channel: 'sms', userId: 3, eventId: 8, attempt: 1, error: 'gateway down', retryIn: 1000 });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('gives up after the last retry and logs it', async () => {
    const queue = createDeliveryQueue({ retries: 2, retryDelay: 100, log });
    const { notificator, attempts } = flaky(10);
    queue.deliver(notificator, delivery());
    await vi.runAllTimersAsync();
    await queue.idle();
    expect(attempts).toEqual([0, 100, 300]);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ channel: 'sms', attempt: 3, error: 'gateway down' }), 'notification not delivered');
  });

  it('does not retry a permanent failure', async () => {
    const queue = createDeliveryQueue({ retries: 3, retryDelay: 100, log });
    const { notificator, attempts } = flaky(10, () => new PermanentDeliveryError('no SMTP server for this user'));
    queue.deliver(notificator, delivery());
    await vi.runAllTimersAsync();
    await queue.idle();
    expect(attempts).toHaveLength(1);
  });

  it('returns at once and lets one channel fail without holding up another', async () => {
    const queue = createDeliveryQueue({ retries: 1, retryDelay: 60_000, log });
    const slow = flaky(5);
    const fine = flaky(0);
    queue.deliver(slow.notificator, delivery());
    queue.deliver({ ...fine.notificator, type: 'web' }, delivery());
    expect(slow.attempts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(fine.attempts).toHaveLength(1);
    expect(queue.pending()).toBe(1);
    queue.close();
    await queue.idle();
    expect(slow.attempts).toHaveLength(1);
  });
});
