import type { StageInput } from '../stage-input.js';

/**
 * `motion` = speed above `event.motion.speedThreshold` (knots), unless the device reported it.
 * @see reference/processing.md §1.5
 */
export const motionStage = ({ position, context }: StageInput): void => {
  if (position.attributes.motion !== undefined) return;
  position.attributes.motion = position.speed > context.settings.number('event.motion.speedThreshold');
};
