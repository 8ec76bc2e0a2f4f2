import type { ReportPosition } from '../../src/reports/report-position.js';
import { DEFAULT_MOTION, type MotionSettings, type ReportSettings } from '../../src/reports/report-settings.js';
import { T0, at, metresEast } from './processing-fixtures.js';

export { T0, at, metresEast };

let nextId = 1;

/** A stored position for the report algorithms: at the equator `metres` east, `minute` after T0. */
export const fix = (minute: number, metres: number, fields: { speed?: number; seconds?: number; attributes?: Record<string, unknown>; address?: string } = {}): ReportPosition => {
  const time = at(minute, fields.seconds ?? 0);
  return {
    id: nextId++,
    fixTime: time,
    deviceTime: time,
    latitude: 0,
    longitude: metresEast(metres),
    speed: fields.speed ?? 0,
    address: fields.address ?? null,
    attributes: { ...fields.attributes },
  };
};

/** Minutes after T0 of an instant, in ISO form or epoch milliseconds. */
export const minuteOf = (time: string | number): number => ((typeof time === 'string' ? Date.parse(time) : time) - T0) / 60_000;

export const newLogic = (minDistance: number, minDurationSeconds: number, stopGapSeconds = 3600): MotionSettings => ({
  logic: 'new',
  speedThreshold: 0.01,
  parameters: { minDistance, minDuration: minDurationSeconds * 1000, stopGap: stopGapSeconds * 1000 },
});

export const oldLogic = (fields: { tripDistance?: number; tripSeconds?: number; parkingSeconds?: number; noDataSeconds?: number; useIgnition?: boolean } = {}): MotionSettings => ({
  logic: 'old',
  speedThreshold: 0.01,
  parameters: {
    minimalTripDistance: fields.tripDistance ?? 500,
    minimalTripDuration: (fields.tripSeconds ?? 300) * 1000,
    minimalParkingDuration: (fields.parkingSeconds ?? 300) * 1000,
    minimalNoDataDuration: (fields.noDataSeconds ?? 3600) * 1000,
    useIgnition: fields.useIgnition ?? false,
  },
});

export const reportSettings = (motion: MotionSettings = DEFAULT_MOTION, fields: Partial<Omit<ReportSettings, 'motion'>> = {}): ReportSettings => ({
  motion,
  ignoreOdometer: false,
  fuelCapacity: 0,
  ...fields,
});

export const DEVICE = { id: 7, name: 'Van' };

/**
 * Old-logic sample rows of the reference (speed in knots, totalDistance in metres, one row a
 * minute unless a minute is given); motion = speed > 0, as the reference's examples set it.
 */
export const sample = (rows: [minute: number, speed: number, totalDistance: number, extra?: Record<string, unknown>][]): ReportPosition[] =>
  rows.map(([minute, speed, totalDistance, extra]) => fix(minute, 0, { speed, attributes: { motion: speed > 0, totalDistance, ...extra } }));
