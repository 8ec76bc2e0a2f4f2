import { Type, type Static } from 'typebox';
import { Attributes, Id } from './common.schema.js';

export const DriverSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes(),
    name: Type.String({ minLength: 1, maxLength: 128, description: 'Name' }),
    uniqueId: Type.String({ minLength: 1, maxLength: 128, description: 'Matched against the driverUniqueId position attribute' }),
  },
  { $id: 'Driver' },
);
export type Driver = Static<typeof DriverSchema>;
