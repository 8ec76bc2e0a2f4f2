import { formatCoordinate, type CoordinateFormat, type DistanceUnit, type Position, type SpeedUnit } from '@tracklane/domain';
import i18next from 'i18next';
import { formatCourse, formatDistance, formatPercent, formatSpeed, formatTime } from './formatters';
import { metreUnitLabel } from './unit-labels';

const TIME_KEYS = new Set(['serverTime', 'deviceTime', 'fixTime']);
const DISTANCE_KEYS = new Set(['distance', 'totalDistance', 'odometer']);
// spec §9: coordinates 5 decimals and speed 1 outside grids and the popup
const COORDINATE_DECIMALS = 5;
const SPEED_DECIMALS = 1;
const HEMISPHERE_KEYS: Record<string, string> = { N: 'sharedNorth', S: 'sharedSouth', E: 'sharedEast', W: 'sharedWest' };

/** A coordinate in the chosen format, its compass letter (ddm, dms) in the interface language. */
export const formatCoordinateText = (value: number, axis: 'latitude' | 'longitude', format: CoordinateFormat, decimals: number): string =>
  formatCoordinate(value, axis, format, decimals).replace(/ ([NSEW])$/, (_, letter: string) => ` ${i18next.t(HEMISPHERE_KEYS[letter]!)}`);

/** Formats one position field or attribute in the user's units and time zone. */
export const formatPositionValue = (
  key: keyof Position | string,
  value: unknown,
  preferences: { speedUnit: SpeedUnit; distanceUnit: DistanceUnit; timezone: string | undefined; coordinateFormat: CoordinateFormat },
): string => {
  if (value === null || value === undefined) return '';
  if (TIME_KEYS.has(key)) return formatTime(String(value), preferences.timezone);
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value !== 'number') return String(value);
  if (key === 'latitude' || key === 'longitude') return formatCoordinateText(value, key, preferences.coordinateFormat, COORDINATE_DECIMALS);
  if (key === 'speed') return formatSpeed(value, preferences.speedUnit, SPEED_DECIMALS);
  if (key === 'course') return formatCourse(value);
  if (key === 'batteryLevel') return formatPercent(value);
  if (key === 'accuracy' || key === 'altitude') return `${value.toFixed(1)} ${metreUnitLabel()}`;
  if (DISTANCE_KEYS.has(key)) return formatDistance(value, preferences.distanceUnit);
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
};
