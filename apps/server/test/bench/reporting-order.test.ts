import { describe, expect, it } from 'vitest';
import { fleetOrder, REPORTING_ORDERS, reportingOrder } from '../../../../bench/reporting-order.js';

/** A repeatable source of randomness, so that the orders drawn can be compared. */
const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const isEveryTrackerOnce = (order: readonly number[], count: number) => [...order].sort((a, b) => a - b).every((tracker, index) => tracker === index) && order.length === count;

describe(reportingOrder.name, () => {
  it('takes the orders there are, device order when unset, and refuses any other with the list', () => {
    expect(Object.keys(REPORTING_ORDERS).map((order) => reportingOrder(order))).toEqual(['device', 'shuffled', 'phased']);
    expect(reportingOrder(undefined)).toBe(process.env.BENCH_ORDER ?? 'device');
    expect(() => reportingOrder('random')).toThrow('BENCH_ORDER must be one of device, shuffled, phased');
    expect(() => reportingOrder('toString')).toThrow('BENCH_ORDER must be one of');
  });
});

describe(fleetOrder.name, () => {
  it('device order: the first reports and every round by device', () => {
    const order = fleetOrder(5, 'device');
    expect(order.firstReports).toEqual([0, 1, 2, 3, 4]);
    expect(order.round()).toEqual([0, 1, 2, 3, 4]);
  });

  it('phased: one random order for the first reports and every round after them', () => {
    const order = fleetOrder(1000, 'phased', seeded(7));
    const rounds = [order.round(), order.round()];
    expect(isEveryTrackerOnce(order.firstReports, 1000)).toBe(true);
    expect(order.firstReports).not.toEqual(fleetOrder(1000, 'device').firstReports);
    expect(rounds).toEqual([order.firstReports, order.firstReports]);
  });

  it('shuffled: the first reports by device, then every round a new random order of every tracker', () => {
    const order = fleetOrder(1000, 'shuffled', seeded(11));
    const [first, second] = [order.round(), order.round()];
    expect(order.firstReports).toEqual(fleetOrder(1000, 'device').firstReports);
    expect(isEveryTrackerOnce(first!, 1000) && isEveryTrackerOnce(second!, 1000)).toBe(true);
    expect(first).not.toEqual(second);
    expect(first).not.toEqual(order.firstReports);
  });
});
