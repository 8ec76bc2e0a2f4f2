/** Mean earth radius the polygon is laid out on. */
export const EARTH_RADIUS_KM = 6371.0088;

/** A circle of `radiusKm` around [lon, lat] as a polygon of `steps` points (spherical earth). */
export const circlePolygon = ([lon, lat]: [number, number], radiusKm: number, steps = 32): GeoJSON.Polygon => {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const φ1 = (lat * Math.PI) / 180;
  const λ1 = (lon * Math.PI) / 180;
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const bearing = (2 * Math.PI * (i % steps)) / steps;
    const φ2 = Math.asin(Math.sin(φ1) * Math.cos(angular) + Math.cos(φ1) * Math.sin(angular) * Math.cos(bearing));
    const λ2 = λ1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(φ1), Math.cos(angular) - Math.sin(φ1) * Math.sin(φ2));
    ring.push([(λ2 * 180) / Math.PI, (φ2 * 180) / Math.PI]);
  }
  return { type: 'Polygon', coordinates: [ring] };
};
