import { geofenceContains } from '@tracklane/domain';
import type { PreparedGeofence } from '../device-context.js';
import type { StageInput } from '../stage-input.js';

/** Altitude limits of a geofence: below a non-zero floor or above a non-zero ceiling is outside. */
const withinAltitude = (geofence: PreparedGeofence, altitude: number): boolean =>
  (geofence.floor === 0 || altitude >= geofence.floor) && (geofence.ceiling === 0 || altitude <= geofence.ceiling);

/**
 * `geofenceIds`: every geofence linked to the device (directly or through its groups) that
 * contains the position; null when none does.
 * @see reference/processing.md §8.2, §8.3
 */
export const geofenceStage = ({ position, context }: StageInput): void => {
  let ids: number[] | null = null;
  for (const geofence of context.geofences) {
    if (!geofence.shape || !withinAltitude(geofence, position.altitude)) continue;
    if (geofenceContains(geofence.shape, position.latitude, position.longitude, geofence.polylineDistance)) (ids ??= []).push(geofence.id);
  }
  position.geofenceIds = ids;
};
