import { shuffle } from './shuffle.js';

/** The orders a benchmark's fleet can report in (`BENCH_ORDER`), with the words its rows add. */
export const REPORTING_ORDERS = { device: '', shuffled: ' in random order', phased: ' in one random order every round' } as const;
export type ReportingOrder = keyof typeof REPORTING_ORDERS;

/** `BENCH_ORDER` (`device` when unset), checked against the orders there are. */
export const reportingOrder = (value: string = process.env.BENCH_ORDER ?? 'device'): ReportingOrder => {
  if (!Object.hasOwn(REPORTING_ORDERS, value)) throw new Error(`BENCH_ORDER must be one of ${Object.keys(REPORTING_ORDERS).join(', ')}`);
  return value as ReportingOrder;
};

export interface FleetOrder {
  /** The order of the trackers' first reports, which make what the server keeps for each device. */
  firstReports: readonly number[];
  /** The order of the next round's reports (each tracker once). */
  round(): readonly number[];
}

/**
 * When `count` trackers report: `device` in device order throughout; `shuffled` with each round in
 * a new random order, the first reports in device order, so that nothing the server keeps for a
 * device follows the order it is read in; `phased` in one random order kept every round, first
 * reports included, as trackers that each report at a fixed interval from a moment of their own
 * (their first report to a started server is their first tick).
 */
export const fleetOrder = (count: number, order: ReportingOrder, random: () => number = Math.random): FleetOrder => {
  const byDevice = Array.from({ length: count }, (_, index) => index);
  if (order === 'device') return { firstReports: byDevice, round: () => byDevice };
  if (order === 'phased') {
    const kept = byDevice.slice();
    shuffle(kept, random);
    return { firstReports: kept, round: () => kept };
  }
  return {
    firstReports: byDevice,
    round: () => {
      const next = byDevice.slice();
      shuffle(next, random);
      return next;
    },
  };
};
