import { positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

/** commandResult: the position carries a `result` (a device's answer to a command). */
export const detectCommandResult = ({ position }: DetectorInput): PendingEvent[] =>
  position.attributes.result === undefined ? [] : [positionEvent('commandResult', position, { result: position.attributes.result })];
