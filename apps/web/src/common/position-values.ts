import { formatCoordinate, type CoordinateFormat, type DistanceUnit, type Position, type SpeedUnit } from '@tracklane/domain';
import { formatCourse, formatDistance, formatPercent, formatSpeed, formatTime } from './formatters';

const TIME_KEYS = new Set(['serverTime', 'deviceTime', 'fixTime']);
const DISTANCE_KEYS = new Set(['distance', 'totalDistance', 'odometer', 'accuracy', 'altitude']);

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
  if (key === 'latitude' || key === 'longitude') return formatCoordinate(value, key, preferences.coordinateFormat, 6);
  if (key === 'speed') return formatSpeed(value, preferences.speedUnit);
  if (key === 'course') return formatCourse(value);
  if (key === 'batteryLevel') return formatPercent(value);
  if (key === 'accuracy' || key === 'altitude') return `${value.toFixed(1)} m`;
  if (DISTANCE_KEYS.has(key)) return formatDistance(value, preferences.distanceUnit);
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
};
