import { NO_EVENTS, positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

/** driverChanged: the position names a driver (`driverUniqueId`) other than the last position's, or the first one. */
export const detectDriverChange = ({ position, last }: DetectorInput): readonly PendingEvent[] => {
  const driver = position.attributes.driverUniqueId;
  if (driver === undefined || driver === null || driver === last?.attributes.driverUniqueId) return NO_EVENTS;
  return [positionEvent('driverChanged', position, { driverUniqueId: driver })];
};
