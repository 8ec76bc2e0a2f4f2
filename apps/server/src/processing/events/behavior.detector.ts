import { fromKnots } from '@tracklane/domain';
import { NO_EVENTS, positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

/**
 * Hard acceleration / braking, raised as `alarm` events: the speed change since the last position
 * in m/s² against `event.behavior.accelerationThreshold` / `brakingThreshold` (off when 0).
 */
export const detectBehavior = ({ position, last, context }: DetectorInput): readonly PendingEvent[] => {
  if (!last || last.fixTime === position.fixTime) return NO_EVENTS;
  const acceleration = fromKnots(position.speed - last.speed, 'mps') / ((position.fixTime - last.fixTime) / 1000);
  const accelerationThreshold = context.settings.number('event.behavior.accelerationThreshold');
  const brakingThreshold = context.settings.number('event.behavior.brakingThreshold');
  if (accelerationThreshold !== 0 && acceleration >= accelerationThreshold) return [positionEvent('alarm', position, { alarm: 'hardAcceleration' })];
  if (brakingThreshold !== 0 && acceleration <= -brakingThreshold) return [positionEvent('alarm', position, { alarm: 'hardBraking' })];
  return NO_EVENTS;
};
