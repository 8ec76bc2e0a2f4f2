import type { MotionPlace } from '../../device-state.js';

/** A motion event a processor decided: at which position, and when (the point's fix time by default). */
export interface MotionTransition<P extends MotionPlace = MotionPlace> {
  type: 'deviceMoving' | 'deviceStopped';
  point: P;
  eventTime?: number;
}
