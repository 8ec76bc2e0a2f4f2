import { describe, expect, it } from 'vitest';
import { createGeofenceShapeCache, formatGeofenceArea, geofenceContains, GeofenceAreaError, parseGeofenceArea } from './geofence-geometry.js';

describe(parseGeofenceArea.name, () => {
  it('reads circles latitude first', () => {
    expect(parseGeofenceArea('CIRCLE (55.75414 37.6204, 100)')).toMatchObject({ type: 'circle', center: { latitude: 55.75414, longitude: 37.6204 }, radius: 100 });
  });

  it('reads polygons with or without the space, closed or not', () => {
    const open = parseGeofenceArea('POLYGON ((1 2, 3 4, 5 6))');
    const closed = parseGeofenceArea('POLYGON((1 2, 3 4, 5 6, 1 2))');
    expect(open).toMatchObject({ type: 'polygon', points: [{ latitude: 1, longitude: 2 }, { latitude: 3, longitude: 4 }, { latitude: 5, longitude: 6 }] });
    expect(closed.type).toBe('polygon');
  });

  it('reads linestrings', () => {
    expect(parseGeofenceArea('LINESTRING (56.83777 60.59833, 56.83766 60.5968)')).toMatchObject({ type: 'polyline', points: [{ latitude: 56.83777 }, { latitude: 56.83766 }] });
  });

  it.each([
    ['SQUARE (1 2, 3)', 'unknown keyword'],
    ['CIRCLE (1 2 3)', 'no comma'],
    ['CIRCLE (1 2, 3, 4)', 'two commas'],
    ['CIRCLE (1  2, 3)', 'two spaces between coordinates'],
    ['CIRCLE (1 x, 3)', 'not a number'],
    ['POLYGON ((1 2, 3 4))', 'fewer than 3 points'],
    ['LINESTRING (1 2)', 'fewer than 2 points'],
    ['POLYGON (1 2, 3 4, 5 6)', 'single brackets'],
  ])('refuses %s (%s)', (area) => {
    expect(() => parseGeofenceArea(area)).toThrow(GeofenceAreaError);
  });
});

describe(formatGeofenceArea.name, () => {
  it.each(['CIRCLE (55.75414 37.6204, 100)', 'CIRCLE (1 2, 12.5)', 'POLYGON ((1 2, 3 4, 5 6))', 'LINESTRING (1 2, 3 4)', 'POLYGON ((66.9494 179.838, 66.9508 -179.8496, 66.8406 -180.0014))'])(
    'writes %s back unchanged',
    (area) => expect(formatGeofenceArea(parseGeofenceArea(area))).toBe(area),
  );
});

describe(geofenceContains.name, () => {
  it('circle: the reference points at about 71 m and 164 m from a 100 m circle', () => {
    const circle = parseGeofenceArea('CIRCLE (55.75414 37.6204, 100)');
    expect(geofenceContains(circle, 55.75477, 37.62025)).toBe(true);
    expect(geofenceContains(circle, 55.75545, 37.61921)).toBe(false);
  });

  it('circle: a point exactly on the radius is inside', () => {
    const circle = parseGeofenceArea('CIRCLE (0 0, 1000)');
    const onEdge = 1000 / ((6_378_137 * Math.PI) / 180);
    expect(geofenceContains(circle, onEdge - 1e-12, 0)).toBe(true);
    expect(geofenceContains(circle, onEdge * 1.0001, 0)).toBe(false);
  });

  it('polygon: the reference points', () => {
    const polygon = parseGeofenceArea('POLYGON ((55.75474 37.61823, 55.75513 37.61888, 55.7535 37.6222, 55.75315 37.62165))');
    expect(geofenceContains(polygon, 55.75476, 37.61915)).toBe(true);
    expect(geofenceContains(polygon, 55.75545, 37.61921)).toBe(false);
  });

  it('polygon across the antimeridian', () => {
    const polygon = parseGeofenceArea('POLYGON ((66.9494 179.838, 66.9508 -179.8496, 66.8406 -180.0014))');
    expect(geofenceContains(polygon, 66.9015, -180.0096)).toBe(true);
    expect(geofenceContains(polygon, 66.9015, 179.991)).toBe(true);
    expect(geofenceContains(polygon, 66.8368, -179.8792)).toBe(false);
  });

  it('polyline: a point about 33 m away is inside a 35 m corridor, outside a 15 m one, and 25 m by default', () => {
    const line = parseGeofenceArea('LINESTRING (56.83777 60.59833, 56.83766 60.5968)');
    expect(geofenceContains(line, 56.83801, 60.59748, 35)).toBe(true);
    expect(geofenceContains(line, 56.83801, 60.59748, 15)).toBe(false);
    expect(geofenceContains(line, 56.83801, 60.59748)).toBe(false);
    expect(geofenceContains(line, 56.83772, 60.5975)).toBe(true);
  });

  it('agrees with the exact test everywhere around a polygon (the bounding box only skips work)', () => {
    const polygon = parseGeofenceArea('POLYGON ((10 10, 10.01 10.02, 9.99 10.03, 9.98 10.005))');
    let inside = 0;
    for (let lat = 9.97; lat <= 10.02; lat += 0.001) {
      for (let lon = 9.99; lon <= 10.04; lon += 0.001) if (geofenceContains(polygon, lat, lon)) inside++;
    }
    expect(inside).toBeGreaterThan(100);
    expect(geofenceContains(polygon, 10.5, 10.01)).toBe(false);
  });
});

describe(createGeofenceShapeCache.name, () => {
  it('parses once per area text and again after a change', () => {
    const cache = createGeofenceShapeCache();
    const first = cache.get(1, 'CIRCLE (1 2, 3)');
    expect(cache.get(1, 'CIRCLE (1 2, 3)')).toBe(first);
    const changed = cache.get(1, 'CIRCLE (1 2, 4)');
    expect(changed).not.toBe(first);
    expect(changed).toMatchObject({ radius: 4 });
  });

  it('remembers invalid areas as undefined with their error', () => {
    const cache = createGeofenceShapeCache();
    expect(cache.get(2, 'NONSENSE')).toBeUndefined();
    expect(cache.errorOf(2)).toBeInstanceOf(GeofenceAreaError);
  });
});
