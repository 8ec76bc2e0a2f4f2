import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStatisticsCounter } from '../statistics/statistics-counter.js';
import type { StatisticsCapture } from '../storage/statistics.repository.js';
import { createStatisticsTask } from './statistics.task.js';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;

describe(createStatisticsTask.name, () => {
  let rows: StatisticsCapture[];
  const repository = { insert: async (row: StatisticsCapture) => rows.push(row) };

  beforeEach(() => {
    rows = [];
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:20Z') });
  });
  afterEach(() => vi.useRealTimers());

  it('counts distinct users and devices, every request and message, and starts again after a capture', async () => {
    const counter = createStatisticsCounter();
    const task = createStatisticsTask(repository, counter, 60, log);
    [7, 7, 9, undefined].forEach((userId) => counter.request(userId));
    ['osmand', 'osmand', 'gt06'].forEach((protocol) => counter.messageReceived(protocol));
    [3, 3].forEach((deviceId) => counter.deviceActive(deviceId));
    counter.messageStored();
    counter.mailSent();
    counter.smsSent();
    counter.geocoderRequest();
    counter.geolocationRequest();
    await task.capture();
    await task.capture();
    expect(rows).toEqual([
      {
        captureTime: Date.parse('2026-03-01T10:00:20Z'), activeUsers: 2, activeDevices: 1, requests: 4, messagesReceived: 3, messagesStored: 1,
        mailSent: 1, smsSent: 1, geocoderRequests: 1, geolocationRequests: 1, protocols: { osmand: 2, gt06: 1 },
      },
      {
        captureTime: Date.parse('2026-03-01T10:00:20Z'), activeUsers: 0, activeDevices: 0, requests: 0, messagesReceived: 0, messagesStored: 0,
        mailSent: 0, smsSent: 0, geocoderRequests: 0, geolocationRequests: 0, protocols: null,
      },
    ]);
  });

  it('captures on whole multiples of the interval, then writes what is left when stopped', async () => {
    const counter = createStatisticsCounter();
    const task = createStatisticsTask(repository, counter, 60, log);
    task.start();
    counter.request(1);
    await vi.advanceTimersByTimeAsync(39_999);
    expect(rows).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    counter.request(1);
    counter.request(2);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    counter.request(3);
    await vi.advanceTimersByTimeAsync(10_000);
    await task.stop();
    expect(rows.map((row) => [new Date(row.captureTime).toISOString(), row.requests, row.activeUsers])).toEqual([
      ['2026-03-01T10:01:00.000Z', 1, 1],
      ['2026-03-01T10:02:00.000Z', 2, 2],
      ['2026-03-01T10:03:00.000Z', 0, 0],
      ['2026-03-01T10:03:10.000Z', 1, 1],
    ]);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(rows).toHaveLength(4);
  });

  it('keeps its schedule after a failed write', async () => {
    const counter = createStatisticsCounter();
    let fail = true;
    const flaky = { insert: async (row: StatisticsCapture) => (fail ? Promise.reject(new Error('database down')) : rows.push(row)) };
    const task = createStatisticsTask(flaky, counter, 60, log);
    task.start();
    await vi.advanceTimersByTimeAsync(40_000);
    fail = false;
    counter.request();
    await vi.advanceTimersByTimeAsync(MINUTE);
    await task.stop();
    expect(rows.map((row) => [new Date(row.captureTime).toISOString(), row.requests])).toEqual([['2026-03-01T10:02:00.000Z', 1]]);
  });
});
