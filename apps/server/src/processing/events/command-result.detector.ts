import { NO_EVENTS, positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

/** commandResult: the position carries a `result` (a device's answer to a command). */
export const detectCommandResult = ({ position }: DetectorInput): readonly PendingEvent[] =>
  position.attributes.result === undefined ? NO_EVENTS : [positionEvent('commandResult', position, { result: position.attributes.result })];
