/** WGS-84 equatorial radius; Traccar's distance calculator uses it for every great-circle distance. */
export const EARTH_RADIUS_METRES = 6_378_137;

const RADIANS = Math.PI / 180;

/** Metres per degree of latitude, for bounding boxes (reference/processing.md §8.4). */
export const METRES_PER_DEGREE = 111_320;

/**
 * Haversine distance in metres between two points given in degrees.
 * @see reference/processing.md §8.4
 */
export const greatCircleDistance = (lat1: number, lon1: number, lat2: number, lon2: number): number => {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const sinLat = Math.sin(dLat / 2);
  const sinLon = Math.sin(dLon / 2);
  const a = sinLat * sinLat + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * sinLon * sinLon;
  return EARTH_RADIUS_METRES * 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
};

/** Degrees of latitude spanning `metres`. */
export const metresToLatitudeDegrees = (metres: number): number => metres / METRES_PER_DEGREE;

/** Degrees of longitude spanning `metres` at `latitude`. */
export const metresToLongitudeDegrees = (metres: number, latitude: number): number =>
  metres / (METRES_PER_DEGREE * Math.cos(latitude * RADIANS));

/**
 * Distance in metres from a point to the segment a–b, by the triangle the three points form: the
 * nearer end when the angle at an end is obtuse, otherwise the triangle's height (Heron's formula).
 * @see reference/processing.md §8.3 (polyline rule)
 */
export const distanceToSegment = (lat: number, lon: number, aLat: number, aLon: number, bLat: number, bLon: number): number => {
  const d0 = greatCircleDistance(lat, lon, aLat, aLon);
  const d1 = greatCircleDistance(aLat, aLon, bLat, bLon);
  const d2 = greatCircleDistance(lat, lon, bLat, bLon);
  if (d0 * d0 > d1 * d1 + d2 * d2 || d2 * d2 > d1 * d1 + d0 * d0) return Math.min(d0, d2);
  if (d1 === 0) return d0;
  const s = (d0 + d1 + d2) / 2;
  const area = Math.sqrt(Math.max(0, s * (s - d0) * (s - d1) * (s - d2)));
  return (2 * area) / d1;
};
