import { Type, type Static } from 'typebox';
import { Attributes, Double, Id } from './common.schema.js';

export const MaintenanceSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes(),
    name: Type.String({ minLength: 1, maxLength: 4000, description: 'Name' }),
    type: Type.String({ minLength: 1, maxLength: 128, description: 'Tracked position attribute, e.g. totalDistance or hours' }),
    start: Double('Start value, in the unit of the tracked attribute'),
    period: Double('Period, in the unit of the tracked attribute'),
  },
  { $id: 'Maintenance' },
);
export type Maintenance = Static<typeof MaintenanceSchema>;
