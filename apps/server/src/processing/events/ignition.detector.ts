import { NO_EVENTS, positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

/** ignitionOn / ignitionOff: the `ignition` flag changed between the last position and this one (both must have it). */
export const detectIgnition = ({ position, last }: DetectorInput): readonly PendingEvent[] => {
  const before = last?.attributes.ignition;
  const after = position.attributes.ignition;
  if (typeof before !== 'boolean' || typeof after !== 'boolean' || before === after) return NO_EVENTS;
  return [positionEvent(after ? 'ignitionOn' : 'ignitionOff', position)];
};
