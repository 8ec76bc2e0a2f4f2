import { EARTH_RADIUS_METRES, greatCircleDistance, parseGeofenceArea, type LatLon } from '@tracklane/domain';
import { circlePolygon, EARTH_RADIUS_KM } from './circle-polygon';

/** Geofence circles are drawn as polygons of this many steps (spec §9). */
export const GEOFENCE_CIRCLE_STEPS = 32;

/** What a geofence area looks like on the map: GeoJSON, longitude first. */
export type AreaGeometry = GeoJSON.Polygon | GeoJSON.LineString;
export type LngLat = [number, number];

// 6 decimals of a degree are about 0.1 m: finer digits only add noise to the stored text
const COORDINATE_DECIMALS = 6;
const RADIUS_DECIMALS = 1;
const RADIANS = Math.PI / 180;

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));
const toLngLat = ({ latitude, longitude }: LatLon): LngLat => [longitude, latitude];
// Traccar writes latitude first in every area kind
const formatPoint = ([longitude, latitude]: GeoJSON.Position) => `${round(latitude!, COORDINATE_DECIMALS)} ${round(longitude!, COORDINATE_DECIMALS)}`;

const samePosition = (a: GeoJSON.Position, b: GeoJSON.Position) => a[0] === b[0] && a[1] === b[1];
const closeRing = (ring: LngLat[]): LngLat[] => (samePosition(ring[0]!, ring.at(-1)!) ? ring : [...ring, ring[0]!]);
const openRing = (ring: GeoJSON.Position[]) => (ring.length > 1 && samePosition(ring[0]!, ring.at(-1)!) ? ring.slice(0, -1) : ring);

export const isCircleArea = (area: string): boolean => area.trim().startsWith('CIRCLE');

/**
 * A geofence area in Traccar's WKT (latitude first) as GeoJSON. A circle becomes a 32-step polygon
 * laid out on the server's earth radius, so it covers exactly what the server counts as inside.
 * Throws GeofenceAreaError for text that is no CIRCLE, POLYGON or LINESTRING.
 */
export const wktToGeometry = (area: string): AreaGeometry => {
  const shape = parseGeofenceArea(area);
  switch (shape.type) {
    case 'circle':
      return circlePolygon(toLngLat(shape.center), (shape.radius / EARTH_RADIUS_METRES) * EARTH_RADIUS_KM, GEOFENCE_CIRCLE_STEPS);
    case 'polygon':
      return { type: 'Polygon', coordinates: [closeRing(shape.points.map(toLngLat))] };
    case 'polyline':
      return { type: 'LineString', coordinates: shape.points.map(toLngLat) };
  }
};

/** `CIRCLE (lat lon, radius)`, radius in metres. */
export const circleToWkt = ([longitude, latitude]: LngLat, radius: number): string =>
  `CIRCLE (${formatPoint([longitude, latitude])}, ${round(radius, RADIUS_DECIMALS)})`;

/** `POLYGON ((lat lon, …))` with the ring closed, or `LINESTRING (lat lon, …)`. */
export const geometryToWkt = (geometry: AreaGeometry): string =>
  geometry.type === 'Polygon'
    ? `POLYGON ((${geometry.coordinates[0]!.map(formatPoint).join(', ')}))`
    : `LINESTRING (${geometry.coordinates.map(formatPoint).join(', ')})`;

/**
 * The centre and radius (metres) of a polygon drawn as a circle. The centre is the mean of the
 * vertices as unit vectors, exact for a ring laid out evenly around it; the radius is the mean
 * great-circle distance to the vertices, so a circle read by wktToGeometry comes back unchanged.
 */
export const circleOfPolygon = (polygon: GeoJSON.Polygon): { center: LngLat; radius: number } => {
  const vertices = openRing(polygon.coordinates[0]!);
  let x = 0;
  let y = 0;
  let z = 0;
  for (const [longitude, latitude] of vertices) {
    const φ = latitude! * RADIANS;
    const λ = longitude! * RADIANS;
    x += Math.cos(φ) * Math.cos(λ);
    y += Math.cos(φ) * Math.sin(λ);
    z += Math.sin(φ);
  }
  const center: LngLat = [Math.atan2(y, x) / RADIANS, Math.atan2(z, Math.hypot(x, y)) / RADIANS];
  const total = vertices.reduce((sum, [longitude, latitude]) => sum + greatCircleDistance(center[1], center[0], latitude!, longitude!), 0);
  return { center, radius: total / vertices.length };
};

/** Where a geofence's name goes: amid an area's vertices (a circle's centre), or halfway along a line. */
export const labelPoint = (geometry: AreaGeometry): LngLat => {
  if (geometry.type === 'Polygon') {
    const vertices = openRing(geometry.coordinates[0]!);
    const mean = (axis: 0 | 1) => vertices.reduce((sum, position) => sum + position[axis]!, 0) / vertices.length;
    return [mean(0), mean(1)];
  }
  const points = geometry.coordinates as LngLat[];
  const lengths = points.slice(1).map((point, index) => Math.hypot(point[0] - points[index]![0], point[1] - points[index]![1]));
  let remaining = lengths.reduce((sum, length) => sum + length, 0) / 2;
  for (const [index, length] of lengths.entries()) {
    const [start, end] = [points[index]!, points[index + 1]!];
    if (remaining <= length && length > 0) return [start[0] + ((end[0] - start[0]) * remaining) / length, start[1] + ((end[1] - start[1]) * remaining) / length];
    remaining -= length;
  }
  return points[0]!;
};

/** The area text of a shape drawn on the map; a shape drawn as a circle is stored as CIRCLE, not as its polygon. */
export const drawnAreaToWkt = (geometry: AreaGeometry, circle: boolean): string => {
  if (circle && geometry.type === 'Polygon') {
    const { center, radius } = circleOfPolygon(geometry);
    return circleToWkt(center, radius);
  }
  return geometryToWkt(geometry);
};
