import { Type, type Static } from 'typebox';
import { Attributes, Id, NullableString } from './common.schema.js';

/** A scheduled report definition (`/api/reports` CRUD). */
export const ScheduledReportSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes(),
    calendarId: Type.Integer({ minimum: 1, 'x-ref': true, description: 'Calendar that schedules it (required)' }),
    type: Type.String({ minLength: 1, maxLength: 32, description: 'route, events, trips, stops or summary' }),
    description: Type.String({ minLength: 1, maxLength: 4000, description: 'Description' }),
  },
  { $id: 'ScheduledReport' },
);
export type ScheduledReport = Static<typeof ScheduledReportSchema>;

const Metres = (description: string) => Type.Number({ description: `${description}, metres` });
const Knots = (description: string) => Type.Number({ description: `${description}, knots` });
const Millis = (description: string) => Type.Number({ description: `${description}, milliseconds` });
const Instant = (description: string) => Type.String({ format: 'date-time', description });

/** Fields every trip, stop and summary item carries (reference/traccar-api.md §3.17). */
const reportItemBase = {
  deviceId: Type.Integer({ minimum: 0, description: 'Device' }),
  deviceName: Type.String({ description: 'Device name' }),
  distance: Metres('Distance travelled (odometer difference when both ends have one, else totalDistance difference)'),
  averageSpeed: Knots('Average speed'),
  maxSpeed: Knots('Highest position speed (0 for periods over the fast threshold)'),
  spentFuel: Type.Number({ description: 'Fuel used, litres' }),
  startOdometer: Metres('Odometer (or totalDistance) at the start'),
  endOdometer: Metres('Odometer (or totalDistance) at the end'),
  startTime: Instant('Fix time of the first position'),
  endTime: Instant('Fix time of the last position'),
};

/** One trip: from the position where the device started moving to the one where it stopped. */
export const TripReportItemSchema = Type.Object(
  {
    ...reportItemBase,
    startPositionId: Type.Integer({ minimum: 0, description: 'Position the trip starts at' }),
    endPositionId: Type.Integer({ minimum: 0, description: 'Position the trip ends at' }),
    startLat: Type.Number({ description: 'Start latitude, degrees' }),
    startLon: Type.Number({ description: 'Start longitude, degrees' }),
    endLat: Type.Number({ description: 'End latitude, degrees' }),
    endLon: Type.Number({ description: 'End longitude, degrees' }),
    startAddress: NullableString('Address of the start position'),
    endAddress: NullableString('Address of the end position'),
    duration: Millis('End fix time minus start fix time'),
    driverUniqueId: NullableString('driverUniqueId of the start (else end) position'),
    driverName: NullableString('Name of the driver with that unique id'),
  },
  { $id: 'TripReportItem' },
);
export type TripReportItem = Static<typeof TripReportItemSchema>;

/** One stop: where the device stood still, from its arrival to its departure. */
export const StopReportItemSchema = Type.Object(
  {
    ...reportItemBase,
    positionId: Type.Integer({ minimum: 0, description: 'Position the stop starts at' }),
    latitude: Type.Number({ description: 'Latitude of the stop, degrees' }),
    longitude: Type.Number({ description: 'Longitude of the stop, degrees' }),
    address: NullableString('Address of the stop position'),
    duration: Millis('End fix time minus start fix time'),
    engineHours: Millis('Engine hours during the stop (difference of the hours attribute)'),
  },
  { $id: 'StopReportItem' },
);
export type StopReportItem = Static<typeof StopReportItemSchema>;

/** One device (or one device and day with `daily=true`) over the period. */
export const SummaryReportItemSchema = Type.Object(
  {
    ...reportItemBase,
    startHours: Millis('Engine hours at the first position'),
    endHours: Millis('Engine hours at the last position'),
    engineHours: Millis('End hours minus start hours'),
  },
  { $id: 'SummaryReportItem' },
);
export type SummaryReportItem = Static<typeof SummaryReportItemSchema>;
