import type { MotionPoint } from '../../device-state.js';
import type { MotionTransition } from './motion-transition.js';

/** Metres and milliseconds. */
export interface OldMotionSettings {
  minimalTripDistance: number;
  minimalTripDuration: number;
  minimalParkingDuration: number;
  minimalNoDataDuration: number;
  useIgnition: boolean;
}

export interface OldMotionState<P extends MotionPoint = MotionPoint> {
  /** Confirmed state: moving. */
  streak: boolean;
  /** The last position's motion flag. */
  raw: boolean;
  candidate: P | undefined;
}

const totalDistance = (point: MotionPoint): number => (typeof point.attributes.totalDistance === 'number' ? point.attributes.totalDistance : 0);

/**
 * One step of the `motion`-flag algorithm (`report.trip.newLogic=false`): a change of the flag
 * makes a candidate, confirmed by time or distance (trips) or time or ignition off (stops); a
 * silence longer than minimalNoDataDuration ends a trip at the last position.
 * @see reference/processing.md §5.3 (Old logic)
 */
export const processOldMotion = <P extends MotionPoint>(
  state: OldMotionState<P>,
  last: P | undefined,
  position: P,
  settings: OldMotionSettings,
): { state: OldMotionState<P>; transitions: MotionTransition<P>[] } => {
  const motion = position.attributes.motion === true;
  if (last && position.fixTime - last.fixTime >= settings.minimalNoDataDuration && state.streak) {
    return { state: { streak: false, raw: false, candidate: undefined }, transitions: [{ type: 'deviceStopped', point: last, eventTime: last.deviceTime }] };
  }
  if (motion === state.raw) {
    const { candidate } = state;
    if (!candidate) return { state, transitions: [] };
    const elapsed = position.fixTime - candidate.fixTime;
    const confirmed = motion
      ? elapsed >= settings.minimalTripDuration || totalDistance(position) - totalDistance(candidate) >= settings.minimalTripDistance
      : elapsed >= settings.minimalParkingDuration || (settings.useIgnition && position.attributes.ignition === false);
    if (!confirmed) return { state, transitions: [] };
    return {
      state: { streak: motion, raw: motion, candidate: undefined },
      transitions: [{ type: motion ? 'deviceMoving' : 'deviceStopped', point: candidate, eventTime: candidate.fixTime }],
    };
  }
  return { state: { streak: state.streak, raw: motion, candidate: motion === state.streak ? undefined : position }, transitions: [] };
};
