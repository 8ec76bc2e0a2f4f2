import { distanceToSegment, greatCircleDistance, metresToLatitudeDegrees, metresToLongitudeDegrees } from './great-circle.js';

/** A point as Traccar's areas write it: latitude first. */
export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Degrees; longitudes of antimeridian polygons are in the shifted (0–360) space. */
export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

export type GeofenceShape =
  | { type: 'circle'; center: LatLon; radius: number; box: BoundingBox }
  /** `ring` is `points` with western longitudes moved by +360° when the polygon crosses the antimeridian. */
  | { type: 'polygon'; points: LatLon[]; ring: LatLon[]; box: BoundingBox; shifted: boolean }
  | { type: 'polyline'; points: LatLon[]; box: BoundingBox };

/** Default corridor half-width of a LINESTRING geofence, metres. */
export const DEFAULT_POLYLINE_DISTANCE = 25;

export class GeofenceAreaError extends Error {
  constructor(area: string, reason: string) {
    super(`Invalid geofence area "${area.length > 60 ? `${area.slice(0, 60)}…` : area}": ${reason}`);
  }
}

const parseNumber = (text: string, area: string): number => {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new GeofenceAreaError(area, `"${text}" is not a number`);
  return value;
};

/** "lat lon": two numbers separated by exactly one whitespace character. */
const parsePoint = (text: string, area: string): LatLon => {
  const match = /^(\S+)\s(\S+)$/.exec(text.trim());
  if (!match) throw new GeofenceAreaError(area, `"${text.trim()}" is not "latitude longitude"`);
  return { latitude: parseNumber(match[1]!, area), longitude: parseNumber(match[2]!, area) };
};

const boxOf = (points: LatLon[]): BoundingBox => {
  const box = { minLatitude: Infinity, maxLatitude: -Infinity, minLongitude: Infinity, maxLongitude: -Infinity };
  for (const { latitude, longitude } of points) {
    if (latitude < box.minLatitude) box.minLatitude = latitude;
    if (latitude > box.maxLatitude) box.maxLatitude = latitude;
    if (longitude < box.minLongitude) box.minLongitude = longitude;
    if (longitude > box.maxLongitude) box.maxLongitude = longitude;
  }
  return box;
};

/** Grows a box by `metres` on every side, generously (1% margin); the longitude side opens fully near the poles or the antimeridian. */
const expandBox = (box: BoundingBox, metres: number): BoundingBox => {
  const margin = metres * 1.01;
  const dLat = metresToLatitudeDegrees(margin);
  const extremeLatitude = Math.max(Math.abs(box.minLatitude), Math.abs(box.maxLatitude)) + dLat;
  const minLatitude = box.minLatitude - dLat;
  const maxLatitude = box.maxLatitude + dLat;
  if (extremeLatitude >= 89) return { minLatitude, maxLatitude, minLongitude: -Infinity, maxLongitude: Infinity };
  const dLon = metresToLongitudeDegrees(margin, extremeLatitude);
  const minLongitude = box.minLongitude - dLon;
  const maxLongitude = box.maxLongitude + dLon;
  if (minLongitude < -180 || maxLongitude > 180) return { minLatitude, maxLatitude, minLongitude: -Infinity, maxLongitude: Infinity };
  return { minLatitude, maxLatitude, minLongitude, maxLongitude };
};

const inBox = (box: BoundingBox, latitude: number, longitude: number): boolean =>
  latitude >= box.minLatitude && latitude <= box.maxLatitude && longitude >= box.minLongitude && longitude <= box.maxLongitude;

const parseCircle = (area: string, body: string): GeofenceShape => {
  const open = body.indexOf('(');
  const close = body.indexOf(')', open + 1);
  if (open < 0 || close < 0) throw new GeofenceAreaError(area, 'CIRCLE needs (lat lon, radius)');
  const parts = body.slice(open + 1, close).split(',');
  if (parts.length !== 2) throw new GeofenceAreaError(area, 'CIRCLE needs exactly one comma');
  const center = parsePoint(parts[0]!, area);
  const radius = parseNumber(parts[1]!, area);
  return { type: 'circle', center, radius, box: expandBox(boxOf([center]), radius) };
};

const parsePoints = (area: string, inner: string, minimum: number): LatLon[] => {
  const points = inner.split(',').map((part) => parsePoint(part, area));
  if (points.length < minimum) throw new GeofenceAreaError(area, `at least ${minimum} points are needed`);
  return points;
};

/** Antimeridian polygons (vertices east of 90° and west of −90°) move their western longitudes by +360°. */
const crossesAntimeridian = (points: LatLon[]) => points.some((p) => p.longitude > 90) && points.some((p) => p.longitude < -90);

const parsePolygon = (area: string, body: string): GeofenceShape => {
  const open = body.indexOf('((');
  const close = body.indexOf('))', open + 2);
  if (open < 0 || close < 0) throw new GeofenceAreaError(area, 'POLYGON needs ((lat lon, …))');
  const points = parsePoints(area, body.slice(open + 2, close), 3);
  const shifted = crossesAntimeridian(points);
  const ring = shifted ? points.map((p) => (p.longitude < -90 ? { latitude: p.latitude, longitude: p.longitude + 360 } : p)) : points;
  return { type: 'polygon', points, ring, box: boxOf(ring), shifted };
};

const parsePolyline = (area: string, body: string): GeofenceShape => {
  const open = body.indexOf('(');
  const close = body.indexOf(')', open + 1);
  if (open < 0 || close < 0) throw new GeofenceAreaError(area, 'LINESTRING needs (lat lon, …)');
  const points = parsePoints(area, body.slice(open + 1, close), 2);
  return { type: 'polyline', points, box: boxOf(points) };
};

/**
 * Parses Traccar's WKT dialect (latitude first): `CIRCLE (lat lon, radius)`,
 * `POLYGON ((lat lon, …))`, `LINESTRING (lat lon, …)`. Throws GeofenceAreaError otherwise.
 * @see reference/processing.md §8.1
 */
export const parseGeofenceArea = (area: string): GeofenceShape => {
  const text = area.trim();
  if (text.startsWith('CIRCLE')) return parseCircle(area, text.slice('CIRCLE'.length));
  if (text.startsWith('POLYGON')) return parsePolygon(area, text.slice('POLYGON'.length));
  if (text.startsWith('LINESTRING')) return parsePolyline(area, text.slice('LINESTRING'.length));
  throw new GeofenceAreaError(area, 'expected CIRCLE, POLYGON or LINESTRING');
};

const formatPoints = (points: LatLon[]) => points.map((p) => `${p.latitude} ${p.longitude}`).join(', ');

/** Writes a shape back in Traccar's form (`CIRCLE (lat lon, r)` with no trailing ".0"). */
export const formatGeofenceArea = (shape: GeofenceShape): string => {
  switch (shape.type) {
    case 'circle':
      return `CIRCLE (${shape.center.latitude} ${shape.center.longitude}, ${shape.radius})`;
    case 'polygon':
      return `POLYGON ((${formatPoints(shape.points)}))`;
    case 'polyline':
      return `LINESTRING (${formatPoints(shape.points)})`;
  }
};

/** Even-odd ray test in plain degrees, longitude as x (reference §8.3). */
const polygonContains = (points: LatLon[], latitude: number, longitude: number): boolean => {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!;
    const b = points[j]!;
    if ((a.longitude < longitude && b.longitude >= longitude) || (b.longitude < longitude && a.longitude >= longitude)) {
      const edgeLatitude = a.latitude + ((longitude - a.longitude) / (b.longitude - a.longitude)) * (b.latitude - a.latitude);
      if (edgeLatitude < latitude) inside = !inside;
    }
  }
  return inside;
};

const polylineContains = (points: LatLon[], latitude: number, longitude: number, width: number): boolean => {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (distanceToSegment(latitude, longitude, a.latitude, a.longitude, b.latitude, b.longitude) <= width) return true;
  }
  return false;
};

/**
 * Whether the point lies in the shape: circles by great-circle distance ≤ radius, polygons by the
 * even-odd rule, polylines within `polylineDistance` metres of a segment. A bounding box is checked
 * first; it never changes an answer, it only skips the exact test.
 * @see reference/processing.md §8.3
 */
export const geofenceContains = (shape: GeofenceShape, latitude: number, longitude: number, polylineDistance = DEFAULT_POLYLINE_DISTANCE): boolean => {
  switch (shape.type) {
    case 'circle':
      return inBox(shape.box, latitude, longitude) && greatCircleDistance(shape.center.latitude, shape.center.longitude, latitude, longitude) <= shape.radius;
    case 'polygon': {
      const x = shape.shifted && longitude < -90 ? longitude + 360 : longitude;
      return inBox(shape.box, latitude, x) && polygonContains(shape.ring, latitude, x);
    }
    case 'polyline':
      return inBox(expandBox(shape.box, polylineDistance), latitude, longitude) && polylineContains(shape.points, latitude, longitude, polylineDistance);
  }
};

/**
 * Parsed shapes by geofence id; an area is parsed again only when its text changes. Invalid areas
 * are remembered too (as undefined) so a broken geofence costs one parse, not one per position.
 */
export const createGeofenceShapeCache = () => {
  const entries = new Map<number, { area: string; shape: GeofenceShape | undefined; error: GeofenceAreaError | undefined }>();
  return {
    get(id: number, area: string): GeofenceShape | undefined {
      const cached = entries.get(id);
      if (cached && cached.area === area) return cached.shape;
      try {
        const shape = parseGeofenceArea(area);
        entries.set(id, { area, shape, error: undefined });
        return shape;
      } catch (error) {
        if (!(error instanceof GeofenceAreaError)) throw error;
        entries.set(id, { area, shape: undefined, error });
        return undefined;
      }
    },
    /** The parse error of an invalid area, if the last parse failed. */
    errorOf: (id: number): GeofenceAreaError | undefined => entries.get(id)?.error,
    delete: (id: number): boolean => entries.delete(id),
    size: () => entries.size,
  };
};

export type GeofenceShapeCache = ReturnType<typeof createGeofenceShapeCache>;
