import { numberAttribute } from '../pipeline-position.js';
import type { StageInput } from '../stage-input.js';

/**
 * Engine hours (`hours`, ms): the last value plus the device time elapsed while both positions
 * had ignition on; written only when non-zero. A device reporting `hours` itself is left alone.
 * @see reference/processing.md §1.5
 */
export const engineHoursStage = ({ position, last }: StageInput): void => {
  if (!last || position.attributes.hours !== undefined) return;
  let hours = numberAttribute(last, 'hours') ?? 0;
  if (last.attributes.ignition === true && position.attributes.ignition === true) hours += position.deviceTime - last.deviceTime;
  if (hours !== 0) position.attributes.hours = hours;
};
