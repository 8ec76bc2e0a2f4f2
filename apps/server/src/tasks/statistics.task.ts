import type { FastifyBaseLogger } from 'fastify';
import type { StatisticsCounter, StatisticsCounts } from '../statistics/statistics-counter.js';
import type { StatisticsRepository } from '../storage/statistics.repository.js';

const isEmpty = (counts: StatisticsCounts) =>
  counts.requests + counts.messagesReceived + counts.messagesStored + counts.mailSent + counts.smsSent + counts.geocoderRequests + counts.geolocationRequests === 0;

/**
 * Writes one Statistics row per STATISTICS_INTERVAL and starts the counts again. Captures fall on
 * whole multiples of the interval since the epoch (with the default 86400 s: every midnight UTC),
 * so rows line up across restarts and instances. Stopping writes what was counted since the last
 * capture, so a restart loses nothing.
 */
export const createStatisticsTask = (
  repository: Pick<StatisticsRepository, 'insert'>,
  counter: StatisticsCounter,
  intervalSeconds: number,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
) => {
  const intervalMs = intervalSeconds * 1000;

  /** Writes the counts since the last capture as one row (captureTime = now); returns its id. */
  const capture = async (): Promise<number> => {
    const captureTime = now();
    return repository.insert({ captureTime, ...counter.take() });
  };

  const captureLogged = (): Promise<void> =>
    capture().then(
      () => undefined,
      (err: unknown) => log.error({ err }, 'statistics capture failed'),
    );

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let next = 0;
  const schedule = () => {
    while (next <= now()) next += intervalMs;
    timer = setTimeout(() => {
      running = captureLogged().finally(() => {
        if (timer) schedule();
      });
    }, next - now());
    timer.unref();
  };

  return {
    capture,
    start: () => {
      if (timer) return;
      next = Math.floor(now() / intervalMs) * intervalMs;
      schedule();
    },
    stop: async () => {
      if (!timer) return;
      clearTimeout(timer);
      timer = undefined;
      await running;
      if (!isEmpty(counter.peek())) await captureLogged();
    },
  };
};

export type StatisticsTask = ReturnType<typeof createStatisticsTask>;
