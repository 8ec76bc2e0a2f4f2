import type { MotionPoint } from '../../device-state.js';

/** A motion event a processor decided: at which position, and when (the point's fix time by default). */
export interface MotionTransition {
  type: 'deviceMoving' | 'deviceStopped';
  point: MotionPoint;
  eventTime?: number;
}
