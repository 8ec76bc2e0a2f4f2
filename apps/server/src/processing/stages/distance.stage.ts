import { greatCircleDistance } from '@tracklane/domain';
import { numberAttribute } from '../pipeline-position.js';
import type { StageInput } from '../stage-input.js';

/**
 * `distance` (metres from the last accepted position, or the decoder's own value) and the running
 * `totalDistance`. Optional coordinate smoothing (`coordinates.filter`) pins jitter and jumps to
 * the last coordinates.
 * @see reference/processing.md §1.4
 */
export const distanceStage = ({ position, last, context }: StageInput): void => {
  const { settings } = context;
  let distance = numberAttribute(position, 'distance') ?? (last ? greatCircleDistance(last.latitude, last.longitude, position.latitude, position.longitude) : 0);
  if (settings.boolean('coordinates.filter') && last && last.latitude !== 0 && last.longitude !== 0) {
    const minError = settings.number('coordinates.minError');
    const maxError = settings.number('coordinates.maxError');
    if ((minError !== 0 && distance <= minError) || (maxError !== 0 && distance >= maxError)) {
      position.latitude = last.latitude;
      position.longitude = last.longitude;
      position.valid = last.valid;
      distance = 0;
    }
  }
  position.attributes.distance = distance;
  position.attributes.totalDistance = (numberAttribute(last, 'totalDistance') ?? 0) + distance;
};
