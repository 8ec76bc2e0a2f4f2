import { formatInstant, type SummaryReportItem } from '@tracklane/domain';
import type { ReportPosition } from './report-position.js';
import type { ReportSettings } from './report-settings.js';
import { averageKnots, distanceBetween, hoursBetween, spentFuel, type ReportDevice } from './report-values.js';
import type { ReportWindow } from './report-periods.js';

type SummaryOptions = Pick<ReportSettings, 'ignoreOdometer' | 'fuelCapacity'>;

/**
 * A summary item from the first and last positions of a period and its highest speed: distance and
 * odometers by the odometer/totalDistance rule, spent fuel, and with engine hours at both ends the
 * engine hours and an average speed over them.
 * @see reference/processing.md §5.5
 */
export const summaryItem = (first: ReportPosition, last: ReportPosition, maxSpeed: number, device: ReportDevice, options: SummaryOptions): SummaryReportItem => {
  const { distance, startOdometer, endOdometer } = distanceBetween(first, last, options);
  const hours = hoursBetween(first, last);
  const engineHours = hours ? hours.endHours - hours.startHours : 0;
  return {
    deviceId: device.id,
    deviceName: device.name,
    distance,
    averageSpeed: hours && engineHours > 0 ? averageKnots(distance, engineHours) : 0,
    maxSpeed,
    spentFuel: spentFuel(first, last, options.fuelCapacity),
    startOdometer,
    endOdometer,
    startTime: formatInstant(first.fixTime),
    endTime: formatInstant(last.fixTime),
    startHours: hours?.startHours ?? 0,
    endHours: hours?.endHours ?? 0,
    engineHours,
  };
};

/** Keeps the first and last position pushed and the highest speed; no positions, no item. */
export const createSummaryAccumulator = () => {
  let first: ReportPosition | undefined;
  let last: ReportPosition | undefined;
  let maxSpeed = 0;
  return {
    push: (position: ReportPosition): void => {
      first ??= position;
      last = position;
      if (position.speed > maxSpeed) maxSpeed = position.speed;
    },
    result: (device: ReportDevice, options: SummaryOptions): SummaryReportItem | undefined =>
      first && last ? summaryItem(first, last, maxSpeed, device, options) : undefined,
  };
};

/** One summary over all positions of a period, oldest first (the slow method). */
export const summarize = (positions: Iterable<ReportPosition>, device: ReportDevice, options: SummaryOptions): SummaryReportItem | undefined => {
  const accumulator = createSummaryAccumulator();
  for (const position of positions) accumulator.push(position);
  return accumulator.result(device, options);
};

/**
 * Summaries per window (e.g. per day), fed positions oldest first. Windows include both ends, so a
 * position exactly at a boundary counts in both adjacent windows; windows without positions give
 * no item.
 */
export const createWindowedSummary = (windows: readonly ReportWindow[], device: ReportDevice, options: SummaryOptions) => {
  const accumulators = windows.map(() => createSummaryAccumulator());
  let current = 0;
  return {
    push: (position: ReportPosition): void => {
      const time = position.fixTime;
      while (current < windows.length && windows[current]!.to < time) current++;
      for (let i = current; i < windows.length && windows[i]!.from <= time; i++) {
        if (time <= windows[i]!.to) accumulators[i]!.push(position);
      }
    },
    finish: (): SummaryReportItem[] => accumulators.flatMap((accumulator) => accumulator.result(device, options) ?? []),
  };
};

/** Daily (or any windowed) summaries over an in-memory list of positions. */
export const summarizeWindows = (positions: Iterable<ReportPosition>, windows: readonly ReportWindow[], device: ReportDevice, options: SummaryOptions): SummaryReportItem[] => {
  const summary = createWindowedSummary(windows, device, options);
  for (const position of positions) summary.push(position);
  return summary.finish();
};
