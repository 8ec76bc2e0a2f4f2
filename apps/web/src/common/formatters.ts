import { fromKnots, fromMetres, type DeviceStatus, type DistanceUnit, type SpeedUnit } from '@tracklane/domain';

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
