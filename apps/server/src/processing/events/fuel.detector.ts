import { numberAttribute } from '../pipeline-position.js';
import { NO_EVENTS, positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

/**
 * deviceFuelIncrease / deviceFuelDrop: the `fuel` attribute (litres) changed by at least
 * `fuelIncreaseThreshold` / `fuelDropThreshold` (device → groups → server; 0 = off) since the last position.
 */
export const detectFuel = ({ position, last, context }: DetectorInput): readonly PendingEvent[] => {
  const before = numberAttribute(last, 'fuel');
  const after = numberAttribute(position, 'fuel');
  if (before === undefined || after === undefined) return NO_EVENTS;
  const change = after - before;
  const increase = context.settings.number('fuelIncreaseThreshold');
  const drop = context.settings.number('fuelDropThreshold');
  if (change > 0 && increase > 0 && change >= increase) return [positionEvent('deviceFuelIncrease', position, { before, after })];
  if (change < 0 && drop > 0 && -change >= drop) return [positionEvent('deviceFuelDrop', position, { before, after })];
  return NO_EVENTS;
};
