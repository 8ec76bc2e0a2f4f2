import { formatInstant, type TripReportItem } from '@tracklane/domain';
import { detectIntervals, type MotionInterval } from './motion-intervals.js';
import type { ReportPosition } from './report-position.js';
import type { ReportSettings } from './report-settings.js';
import { averageKnots, distanceBetween, driverOf, spentFuel, type ReportDevice } from './report-values.js';

/**
 * One trip item from its start and end positions. `driverName` stays null here; the service fills
 * it from the drivers whose unique id matches.
 * @see reference/processing.md §5.4
 */
export const tripItem = (interval: MotionInterval, device: ReportDevice, settings: Pick<ReportSettings, 'ignoreOdometer' | 'fuelCapacity'>): TripReportItem => {
  const { start, end, maxSpeed } = interval;
  const { distance, startOdometer, endOdometer } = distanceBetween(start, end, settings);
  const duration = end.fixTime - start.fixTime;
  return {
    deviceId: device.id,
    deviceName: device.name,
    distance,
    averageSpeed: averageKnots(distance, duration),
    maxSpeed,
    spentFuel: spentFuel(start, end, settings.fuelCapacity),
    startOdometer,
    endOdometer,
    startTime: formatInstant(start.fixTime),
    endTime: formatInstant(end.fixTime),
    startPositionId: start.id,
    endPositionId: end.id,
    startLat: start.latitude,
    startLon: start.longitude,
    endLat: end.latitude,
    endLon: end.longitude,
    startAddress: start.address,
    endAddress: end.address,
    duration,
    driverUniqueId: driverOf(start, end),
    driverName: null,
  };
};

/**
 * Trips of one device from its positions of the period, oldest first (the slow method).
 * @see reference/processing.md §5.3
 */
export const detectTrips = (positions: Iterable<ReportPosition>, device: ReportDevice, settings: ReportSettings): TripReportItem[] =>
  detectIntervals('trips', positions, settings.motion).map((interval) => tripItem(interval, device, settings));
