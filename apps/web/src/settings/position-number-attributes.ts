import type { AttributeDefinitions } from './attribute-definitions';

/** Number-typed position attributes a maintenance or computed attribute can follow, with their unit family. */
export const POSITION_NUMBER_ATTRIBUTES: AttributeDefinitions = {
  index: { label: 'positionIndex', type: 'number' },
  odometer: { label: 'positionOdometer', type: 'number', subtype: 'distance' },
  totalDistance: { label: 'positionTotalDistance', type: 'number', subtype: 'distance' },
  hours: { label: 'positionHours', type: 'number', subtype: 'hours' },
};
