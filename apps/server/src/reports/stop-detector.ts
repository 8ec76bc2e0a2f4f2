import { formatInstant, type StopReportItem } from '@tracklane/domain';
import { detectIntervals, type MotionInterval } from './motion-intervals.js';
import type { ReportPosition } from './report-position.js';
import type { ReportSettings } from './report-settings.js';
import { distanceBetween, hoursBetween, spentFuel, type ReportDevice } from './report-values.js';

/**
 * One stop item: where and when the device stood, with fuel and engine hours spent meanwhile.
 * Distance and speeds stay 0.
 * @see reference/processing.md §5.4
 */
export const stopItem = (interval: MotionInterval, device: ReportDevice, settings: Pick<ReportSettings, 'ignoreOdometer' | 'fuelCapacity'>): StopReportItem => {
  const { start, end } = interval;
  const { startOdometer, endOdometer } = distanceBetween(start, end, settings);
  const hours = hoursBetween(start, end);
  return {
    deviceId: device.id,
    deviceName: device.name,
    distance: 0,
    averageSpeed: 0,
    maxSpeed: 0,
    spentFuel: spentFuel(start, end, settings.fuelCapacity),
    startOdometer,
    endOdometer,
    startTime: formatInstant(start.fixTime),
    endTime: formatInstant(end.fixTime),
    positionId: start.id,
    latitude: start.latitude,
    longitude: start.longitude,
    address: start.address,
    duration: end.fixTime - start.fixTime,
    engineHours: hours ? hours.endHours - hours.startHours : 0,
  };
};

/**
 * Stops of one device from its positions of the period, oldest first (the slow method).
 * @see reference/processing.md §5.3
 */
export const detectStops = (positions: Iterable<ReportPosition>, device: ReportDevice, settings: ReportSettings): StopReportItem[] =>
  detectIntervals('stops', positions, settings.motion).map((interval) => stopItem(interval, device, settings));
