import { numberAttribute } from '../pipeline-position.js';
import { OVERSPEED_OFF, type OverspeedState } from '../device-state.js';
import { NO_EVENTS, positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

/**
 * The speed limit in force (knots): `speedLimit` from device → groups → server, overridden by the
 * position's own `speedLimit`, overridden by the highest (or, with `event.overspeed.preferLowest`,
 * lowest) limit of the geofences containing the position.
 */
export const resolveSpeedLimit = ({ position, context }: DetectorInput): { limit: number; geofenceId: number } => {
  let limit = context.settings.number('speedLimit');
  const own = numberAttribute(position, 'speedLimit');
  if (own !== undefined && own > 0) limit = own;
  const preferLowest = context.settings.boolean('event.overspeed.preferLowest');
  let geofenceLimit = 0;
  let geofenceId = 0;
  for (const id of position.geofenceIds ?? []) {
    const speedLimit = context.geofenceById.get(id)?.speedLimit ?? 0;
    if (speedLimit <= 0) continue;
    if (geofenceLimit === 0 || (preferLowest ? speedLimit < geofenceLimit : speedLimit > geofenceLimit)) {
      geofenceLimit = speedLimit;
      geofenceId = id;
    }
  }
  return geofenceLimit > 0 ? { limit: geofenceLimit, geofenceId } : { limit, geofenceId: 0 };
};

/**
 * deviceOverspeed: one event per episode above `limit × event.overspeed.thresholdMultiplier`, once
 * it has lasted `event.overspeed.minimalDuration` seconds (measured between positions). The speed
 * must drop to the threshold or below before another episode can start.
 * @see reference/processing.md §3.2 (deviceOverspeed)
 */
export const detectOverspeed = (input: DetectorInput, state: OverspeedState): { events: readonly PendingEvent[]; state: OverspeedState } => {
  const { position, context } = input;
  const { limit, geofenceId } = resolveSpeedLimit(input);
  if (limit === 0) return { events: NO_EVENTS, state: state.on ? OVERSPEED_OFF : state };
  const over = position.speed > limit * context.settings.number('event.overspeed.thresholdMultiplier');
  let next = state;
  if (!next.on) {
    if (!over) return { events: NO_EVENTS, state };
    next = { on: true, time: position.fixTime, geofenceId };
  } else if (!over) {
    return { events: NO_EVENTS, state: OVERSPEED_OFF };
  }
  const minimalDuration = context.settings.number('event.overspeed.minimalDuration') * 1000;
  if (next.time !== null && position.fixTime - next.time >= minimalDuration) {
    const event = positionEvent('deviceOverspeed', position, { speed: position.speed, speedLimit: limit }, { geofenceId: next.geofenceId });
    return { events: [event], state: { on: true, time: null, geofenceId: 0 } };
  }
  return { events: NO_EVENTS, state: next };
};
