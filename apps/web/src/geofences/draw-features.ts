import type { Geofence } from '@tracklane/domain';
import type { GeoJSONStoreFeatures } from 'terra-draw';
import { circleOfPolygon, drawnAreaToWkt, isCircleArea, wktToGeometry, type AreaGeometry } from '../map/map-util';

/** The drawing tool's modes, by the names terra-draw gives them. */
export const DRAW_MODES = ['select', 'polygon', 'linestring', 'circle'] as const;
export type DrawMode = (typeof DRAW_MODES)[number];

/** Decimals the drawing tool keeps; it refuses features with finer coordinates. */
export const DRAW_COORDINATE_PRECISION = 9;

/** Saved geofences keep their own (positive) id in the drawing; shapes still being drawn get negative ids. */
export const isSavedFeatureId = (id: unknown): id is number => typeof id === 'number' && id > 0;

const round = (position: GeoJSON.Position) => position.map((value) => Number(value.toFixed(DRAW_COORDINATE_PRECISION)));

const roundGeometry = (geometry: AreaGeometry): AreaGeometry =>
  geometry.type === 'Polygon' ? { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(round)) } : { type: 'LineString', coordinates: geometry.coordinates.map(round) };

/** A saved geofence as an editable shape, or undefined when its area cannot be read. */
export const geofenceToDrawFeature = (geofence: Geofence): GeoJSONStoreFeatures | undefined => {
  let geometry: AreaGeometry;
  try {
    geometry = roundGeometry(wktToGeometry(geofence.area));
  } catch {
    return undefined;
  }
  if (isCircleArea(geofence.area) && geometry.type === 'Polygon') {
    return { type: 'Feature', id: geofence.id, geometry, properties: { mode: 'circle', radiusKilometers: circleOfPolygon(geometry).radius / 1000 } };
  }
  return { type: 'Feature', id: geofence.id, geometry, properties: { mode: geometry.type === 'Polygon' ? 'polygon' : 'linestring' } };
};

/** The area text of a drawn shape; circles stay CIRCLE with centre and radius. */
export const drawFeatureToWkt = (feature: GeoJSONStoreFeatures): string =>
  drawnAreaToWkt(feature.geometry as AreaGeometry, feature.properties.mode === 'circle');
