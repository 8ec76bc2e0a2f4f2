import { NO_EVENTS, positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

const NO_GEOFENCES: readonly number[] = Object.freeze([]);

/**
 * geofenceExit for each geofence the last position was in and this one is not, then geofenceEnter
 * for each the other way round; geofences no longer linked to the device, or whose calendar is
 * closed at the fix time, are skipped.
 * @see reference/processing.md §3.2 (geofenceEnter / geofenceExit)
 */
export const detectGeofences = ({ position, last, context }: DetectorInput): readonly PendingEvent[] => {
  const before = last?.geofenceIds ?? NO_GEOFENCES;
  const after = position.geofenceIds ?? NO_GEOFENCES;
  if (before.length === 0 && after.length === 0) return NO_EVENTS;
  const events: PendingEvent[] = [];
  // a geofence with a calendar counts only while its calendar is open
  const counts = (id: number) => {
    const geofence = context.geofenceById.get(id);
    return geofence !== undefined && (geofence.calendar?.contains(position.fixTime) ?? true);
  };
  for (const id of before) {
    if (!after.includes(id) && counts(id)) events.push(positionEvent('geofenceExit', position, {}, { geofenceId: id }));
  }
  for (const id of after) {
    if (!before.includes(id) && counts(id)) events.push(positionEvent('geofenceEnter', position, {}, { geofenceId: id }));
  }
  return events;
};
