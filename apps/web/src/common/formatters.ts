import { fromKnots, fromLitres, fromMetres, type DeviceStatus, type DistanceUnit, type SpeedUnit, type VolumeUnit } from '@tracklane/domain';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { distanceUnitLabel, speedUnitLabel, volumeUnitLabel } from './unit-labels';

dayjs.extend(utc);
dayjs.extend(timezonePlugin);

export type StatusColor = 'success' | 'error' | 'disabled';

/** Online green, offline red, unknown grey. */
export const statusColor = (status: DeviceStatus | string | null | undefined): StatusColor =>
  status === 'online' ? 'success' : status === 'offline' ? 'error' : 'disabled';

/** 70 % and above green, above 30 % grey, 30 % and below red. */
export const batteryColor = (level: number): StatusColor => (level >= 70 ? 'success' : level > 30 ? 'disabled' : 'error');

export const formatSpeed = (knots: number, unit: SpeedUnit, decimals = 2): string => `${fromKnots(knots, unit).toFixed(decimals)} ${speedUnitLabel(unit)}`;

export const formatDistance = (metres: number, unit: DistanceUnit): string => `${fromMetres(metres, unit).toFixed(2)} ${distanceUnitLabel(unit)}`;

export const formatCourse = (degrees: number): string => `${degrees.toFixed(1)}°`;

export const formatPercent = (value: number): string => `${Math.round(value)}%`;

export const formatVolume = (litres: number, unit: VolumeUnit): string => `${fromLitres(litres, unit).toFixed(2)} ${volumeUnitLabel(unit)}`;

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
