import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareReports } from '../../../../bench/prepared-reports.js';
import { gt06Location } from '../../src/simulator/gt06-sender.js';
import { createJourney } from '../../src/simulator/journey.js';

const gt06 = { location: gt06Location };
const MADE_AT = Date.UTC(2026, 10, 28, 10, 0, 0);
const journeysOf = (count: number) => Array.from({ length: count }, (_, index) => createJourney({ origin: { latitude: 28.6, longitude: 77.2 + index * 0.001 }, seed: index + 1 }));

describe(prepareReports.name, () => {
  afterEach(() => vi.useRealTimers());

  it('gives each tracker its messages in the order of each round, numbered on, with fix times at the rate', () => {
    vi.useFakeTimers({ now: MADE_AT, toFake: ['Date'] });
    const trackers = [{ serial: 1 }, { serial: 1 }, { serial: 1 }];
    const orders = [[2, 0, 1], [1, 2, 0], [0, 1, 2]];
    const reports = prepareReports(gt06, trackers, journeysOf(3), 7, 2, (round) => orders[round]!);

    expect(Array.from({ length: 7 }, (_, n) => reports.trackerOf(n))).toEqual([2, 0, 1, 1, 2, 0, 0]);
    // the same journeys stepped the same way give the same bytes: tracker, fix, time and serial
    const journeys = journeysOf(3);
    const serials = [1, 1, 1];
    for (let n = 0; n < 7; n++) {
      const index = reports.trackerOf(n);
      const expected = gt06Location(journeys[index]!.step(1), new Date(MADE_AT + n * 500), serials[index]!++);
      expect(reports.bytesOf(n).equals(expected)).toBe(true);
    }
    expect(trackers.map((tracker) => tracker.serial)).toEqual([4, 3, 3]);
  });

  it('keeps every message whole where one block of bytes ends and the next begins', () => {
    vi.useFakeTimers({ now: MADE_AT, toFake: ['Date'] });
    const trackers = Array.from({ length: 10 }, () => ({ serial: 1 }));
    const inOrder = trackers.map((_, index) => index);
    // GT06 location messages are tens of bytes: 40,000 of them fill more than a megabyte
    const count = 40_000;
    const reports = prepareReports(gt06, trackers, journeysOf(10), count, 1000, () => inOrder);

    const journeys = journeysOf(10);
    const serials = trackers.map(() => 1);
    let total = 0;
    for (let n = 0; n < count; n++) {
      const index = n % 10;
      const expected = gt06Location(journeys[index]!.step(1), new Date(MADE_AT + n), serials[index]!++);
      expect(reports.bytesOf(n).equals(expected)).toBe(true);
      total += expected.length;
    }
    expect(total).toBeGreaterThan(1 << 20);
  });
});
