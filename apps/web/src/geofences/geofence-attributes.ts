import { OBJECT_ATTRIBUTES, type AttributeDefinitions } from '../settings/attribute-definitions';

/** Keys a geofence understands: the speed limit inside it (in the user's speed unit), its colour on the map, the width of a line's corridor. */
export const GEOFENCE_ATTRIBUTES: AttributeDefinitions = {
  speedLimit: OBJECT_ATTRIBUTES.speedLimit!,
  color: { label: 'geofenceColor', type: 'string' },
  polylineDistance: { label: 'geofencePolylineDistance', type: 'number' },
};
