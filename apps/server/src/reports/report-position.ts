import type { MotionPoint } from '../processing/device-state.js';

/**
 * What the report algorithms read of a stored position: times as epoch milliseconds, speed in
 * knots, attributes as stored (totalDistance, odometer, motion, hours, fuel, driverUniqueId, …).
 */
export interface ReportPosition extends MotionPoint {
  speed: number;
  address: string | null;
}

/** A numeric attribute, or undefined when absent or not a number. */
export const numberAttribute = (position: ReportPosition, key: string): number | undefined => {
  const value = position.attributes[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/**
 * The position's `motion` flag as stored at ingestion; when a position lacks it (data imported or
 * written before the pipeline), speed above the threshold, as the pipeline would have set it.
 * @see reference/processing.md §1.5
 */
export const inMotion = (position: ReportPosition, speedThreshold: number): boolean => {
  const motion = position.attributes.motion;
  return typeof motion === 'boolean' ? motion : position.speed > speedThreshold;
};
