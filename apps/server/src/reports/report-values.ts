import { numberAttribute, type ReportPosition } from './report-position.js';

/** Knots per metre per second. */
const KNOTS_PER_MPS = 3600 / 1852;

/** The device a report item is about. */
export interface ReportDevice {
  id: number;
  name: string;
}

export interface DistanceOptions {
  ignoreOdometer: boolean;
}

/**
 * Start and end odometer and the distance between two positions: the device's own `odometer`
 * when both have a non-zero one (and the setting does not ignore it), else the server's
 * `totalDistance`.
 * @see reference/processing.md §5.4
 */
export const distanceBetween = (start: ReportPosition, end: ReportPosition, options: DistanceOptions) => {
  const startOdometer = numberAttribute(start, 'odometer') ?? 0;
  const endOdometer = numberAttribute(end, 'odometer') ?? 0;
  if (!options.ignoreOdometer && startOdometer !== 0 && endOdometer !== 0) {
    return { distance: endOdometer - startOdometer, startOdometer, endOdometer };
  }
  const startTotal = numberAttribute(start, 'totalDistance') ?? 0;
  const endTotal = numberAttribute(end, 'totalDistance') ?? 0;
  return { distance: endTotal - startTotal, startOdometer: startTotal, endOdometer: endTotal };
};

/**
 * Litres used between two positions: the rise of `fuelUsed`, else the drop of `fuel`, else the
 * drop of `fuelLevel` (percent) times the tank capacity; 0 when none applies.
 * @see reference/processing.md §5.4
 */
export const spentFuel = (start: ReportPosition, end: ReportPosition, fuelCapacity: number): number => {
  const pair = (key: string) => {
    const a = numberAttribute(start, key);
    const b = numberAttribute(end, key);
    return a === undefined || b === undefined ? undefined : [a, b] as const;
  };
  const used = pair('fuelUsed');
  if (used) return used[1] - used[0];
  const fuel = pair('fuel');
  if (fuel) return fuel[0] - fuel[1];
  const level = pair('fuelLevel');
  if (level && fuelCapacity > 0) return ((level[0] - level[1]) / 100) * fuelCapacity;
  return 0;
};

/** Engine hours (ms) at both ends, when both positions carry the `hours` attribute. */
export const hoursBetween = (start: ReportPosition, end: ReportPosition): { startHours: number; endHours: number } | undefined => {
  const startHours = numberAttribute(start, 'hours');
  const endHours = numberAttribute(end, 'hours');
  return startHours === undefined || endHours === undefined ? undefined : { startHours, endHours };
};

/** Metres over milliseconds, in knots; 0 for no time. */
export const averageKnots = (metres: number, milliseconds: number): number => (milliseconds > 0 ? (metres / (milliseconds / 1000)) * KNOTS_PER_MPS : 0);

/** The driver of a trip: the start position's `driverUniqueId`, else the end's. */
export const driverOf = (start: ReportPosition, end: ReportPosition): string | null => {
  const id = start.attributes.driverUniqueId ?? end.attributes.driverUniqueId;
  return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : null;
};

