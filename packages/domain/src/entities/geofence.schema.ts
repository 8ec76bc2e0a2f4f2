import { Type, type Static } from 'typebox';
import { Attributes, Id, NullableString, Ref } from './common.schema.js';

export const GeofenceSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes('color, speedLimit, polylineDistance (m), …'),
    calendarId: Ref('Calendar'),
    name: Type.String({ maxLength: 128, description: 'Name; may be empty right after drawing' }),
    description: NullableString('Description', { maxLength: 128 }),
    area: Type.String({
      minLength: 1,
      maxLength: 4096,
      description: 'Area in WKT, latitude first: CIRCLE (lat lon, radius), POLYGON ((lat lon, …)), LINESTRING (lat lon, …)',
    }),
  },
  { $id: 'Geofence' },
);
export type Geofence = Static<typeof GeofenceSchema>;
