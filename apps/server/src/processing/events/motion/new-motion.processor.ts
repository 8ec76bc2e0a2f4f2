import { greatCircleDistance } from '@tracklane/domain';
import type { MotionPlace } from '../../device-state.js';
import type { MotionTransition } from './motion-transition.js';
import type { MotionWindow } from './motion-window.js';

/** Metres and milliseconds. */
export interface NewMotionSettings {
  minDistance: number;
  minDuration: number;
  stopGap: number;
}

export interface NewMotionResult<P extends MotionPlace> {
  moving: boolean;
  reference: P;
  transitions: MotionTransition<P>[];
}

/** The position being processed: a place, and attributes for the distance its device measured. */
type CurrentPosition<P extends MotionPlace> = P & { attributes: Record<string, unknown> };

const between = (a: MotionPlace, b: MotionPlace) => greatCircleDistance(a.latitude, a.longitude, b.latitude, b.longitude);

const gapDistance = (position: CurrentPosition<MotionPlace>, newest: MotionPlace): number => {
  const distance = position.attributes.distance;
  return typeof distance === 'number' ? distance : between(newest, position);
};

/** Walks back from a departure to the last position still moving away, after the reference time. */
const departure = <P extends MotionPlace>(window: MotionWindow<P>, position: P, reference: MotionPlace, minAverageSpeed: number): P => {
  let start = window.length;
  for (let i = window.length - 1; i >= 0; i--) {
    if (window.fixTimeAt(i) <= reference.fixTime) break;
    if (i < window.length - 1) {
      const seconds = (window.fixTimeAt(i + 1) - window.fixTimeAt(i)) / 1000;
      const metres = greatCircleDistance(window.latitudeAt(i), window.longitudeAt(i), window.latitudeAt(i + 1), window.longitudeAt(i + 1));
      if (seconds <= 0 || metres / seconds <= minAverageSpeed) break;
    }
    start = i;
  }
  return start < window.length ? window.at(start) : position;
};

/**
 * One step of the distance/time window motion algorithm (`report.trip.newLogic`, the default):
 * a gap longer than stopGap that covered real distance becomes its own trip; a moving device stops
 * when nothing in the window is minDistance away and minDuration has passed; a stopped device
 * moves once minDistance from the reference, dated back to the real departure.
 * @see reference/processing.md §5.3 (New logic)
 */
export const processNewMotion = <P extends MotionPlace>(
  moving: boolean,
  reference: P,
  window: MotionWindow<P>,
  position: CurrentPosition<P>,
  settings: NewMotionSettings,
): NewMotionResult<P> => {
  const unchanged: NewMotionResult<P> = { moving, reference, transitions: [] };
  if (window.length === 0) return unchanged;
  const newest = window.at(window.length - 1);
  const minAverageSpeed = settings.minDistance / (settings.minDuration / 1000);
  const gap = position.fixTime - newest.fixTime;
  // the distance attribute is read only for a real gap (reports parse attributes lazily)
  const gapMetres = gap > settings.stopGap ? gapDistance(position, newest) : 0;
  if (gap > settings.stopGap && gapMetres >= settings.minDistance && gapMetres / (gap / 1000) > minAverageSpeed) {
    const transitions: MotionTransition<P>[] = [
      ...(moving ? [{ type: 'deviceStopped' as const, point: newest }] : []),
      { type: 'deviceMoving', point: newest },
      { type: 'deviceStopped', point: position },
    ];
    return { moving: false, reference: position, transitions };
  }
  if (moving) {
    if (window.somePlace((latitude, longitude) => greatCircleDistance(latitude, longitude, position.latitude, position.longitude) >= settings.minDistance)) return unchanged;
    if (position.fixTime - window.fixTimeAt(0) < settings.minDuration) return unchanged;
    return { moving: false, reference: position, transitions: [{ type: 'deviceStopped', point: position }] };
  }
  if (between(reference, position) < settings.minDistance) return unchanged;
  const start = departure(window, position, reference, minAverageSpeed);
  return { moving: true, reference: start, transitions: [{ type: 'deviceMoving', point: start }] };
};
