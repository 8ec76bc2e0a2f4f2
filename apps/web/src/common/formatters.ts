import { fromKnots, fromLitres, fromMetres, type DeviceStatus, type DistanceUnit, type SpeedUnit, type VolumeUnit } from '@tracklane/domain';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezonePlugin);

export type StatusColor = 'success' | 'error' | 'disabled';

/** Online green, offline red, unknown grey. */
export const statusColor = (status: DeviceStatus | string | null | undefined): StatusColor =>
  status === 'online' ? 'success' : status === 'offline' ? 'error' : 'disabled';

/** 70 % and above green, above 30 % grey, 30 % and below red. */
export const batteryColor = (level: number): StatusColor => (level >= 70 ? 'success' : level > 30 ? 'disabled' : 'error');

const SPEED_LABELS: Record<SpeedUnit, string> = { kn: 'kn', kmh: 'km/h', mph: 'mph', mps: 'm/s' };

export const formatSpeed = (knots: number, unit: SpeedUnit): string => `${fromKnots(knots, unit).toFixed(2)} ${SPEED_LABELS[unit]}`;

export const formatDistance = (metres: number, unit: DistanceUnit): string => `${fromMetres(metres, unit).toFixed(2)} ${unit}`;

export const formatCourse = (degrees: number): string => `${degrees.toFixed(1)}°`;

export const formatPercent = (value: number): string => `${Math.round(value)}%`;

const VOLUME_LABELS: Record<VolumeUnit, string> = { ltr: 'l', impGal: 'gal (imp)', usGal: 'gal (US)' };

export const formatVolume = (litres: number, unit: VolumeUnit): string => `${fromLitres(litres, unit).toFixed(2)} ${VOLUME_LABELS[unit]}`;

/** An instant in the user's time zone (the browser's when none is set). */
export const formatTime = (value: string | number | Date | null | undefined, timezone: string | undefined, format = 'YYYY-MM-DD HH:mm:ss'): string => {
  if (value === null || value === undefined || value === '') return '';
  return (timezone ? dayjs(value).tz(timezone) : dayjs(value)).format(format);
};

/** Milliseconds as hours and minutes, e.g. "2 h 05 min". */
export const formatDuration = (milliseconds: number, labels: { hours: string; minutes: string }): string => {
  const totalMinutes = Math.round(milliseconds / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours ? `${hours} ${labels.hours} ${String(minutes).padStart(2, '0')} ${labels.minutes}` : `${minutes} ${labels.minutes}`;
};
