import { greatCircleDistance } from '@tracklane/domain';
import { describe, expect, it } from 'vitest';
import { circleOfPolygon, circleToWkt, drawnAreaToWkt, geometryToWkt, isCircleArea, labelPoint, wktToGeometry } from './map-util';

describe('wktToGeometry', () => {
  it('reads POLYGON latitude first and closes the ring', () => {
    expect(wktToGeometry('POLYGON ((28.61 77.2, 28.62 77.2, 28.62 77.21))')).toEqual({
      type: 'Polygon',
      coordinates: [[[77.2, 28.61], [77.2, 28.62], [77.21, 28.62], [77.2, 28.61]]],
    });
  });

  it('keeps an already closed ring as it is', () => {
    const geometry = wktToGeometry('POLYGON ((1 2, 3 4, 5 6, 1 2))') as GeoJSON.Polygon;
    expect(geometry.coordinates[0]).toEqual([[2, 1], [4, 3], [6, 5], [2, 1]]);
  });

  it('reads LINESTRING latitude first', () => {
    expect(wktToGeometry('LINESTRING (48.85 2.35, 48.86 2.36)')).toEqual({ type: 'LineString', coordinates: [[2.35, 48.85], [2.36, 48.86]] });
  });

  it('draws CIRCLE as a closed 32-step polygon whose vertices lie at the radius in the server metric', () => {
    const geometry = wktToGeometry('CIRCLE (48.8566 2.3522, 50)') as GeoJSON.Polygon;
    const ring = geometry.coordinates[0]!;
    expect(geometry.type).toBe('Polygon');
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[32]);
    for (const [longitude, latitude] of ring) expect(greatCircleDistance(48.8566, 2.3522, latitude!, longitude!)).toBeCloseTo(50, 6);
    // the first vertex is due north of the centre: latitude grows, longitude stays
    expect(ring[0]![0]).toBeCloseTo(2.3522, 9);
    expect(ring[0]![1]).toBeGreaterThan(48.8566);
  });

  it('rejects text that is no area', () => {
    expect(() => wktToGeometry('POINT (1 2)')).toThrow(/expected CIRCLE, POLYGON or LINESTRING/);
  });
});

describe('writing areas', () => {
  it('writes polygons and lines latitude first, with a space after the keyword', () => {
    expect(geometryToWkt({ type: 'Polygon', coordinates: [[[77.2, 28.61], [77.2, 28.62], [77.21, 28.62], [77.2, 28.61]]] })).toBe(
      'POLYGON ((28.61 77.2, 28.62 77.2, 28.62 77.21, 28.61 77.2))',
    );
    expect(geometryToWkt({ type: 'LineString', coordinates: [[2.35, 48.85], [2.36, -48.86]] })).toBe('LINESTRING (48.85 2.35, -48.86 2.36)');
  });

  it('writes a circle as Traccar does, rounding to 6 decimals of a degree and 0.1 m', () => {
    expect(circleToWkt([2.3522, 48.8566], 50)).toBe('CIRCLE (48.8566 2.3522, 50)');
    expect(circleToWkt([-0.12345678, 51.50012344], 120.04)).toBe('CIRCLE (51.500123 -0.123457, 120)');
  });

  it.each(['POLYGON ((28.61 77.2, 28.62 77.2, 28.62 77.21, 28.61 77.2))', 'LINESTRING (48.85 2.35, 48.86 2.36, 48.87 2.3)'])('round-trips %s', (area) => {
    expect(geometryToWkt(wktToGeometry(area))).toBe(area);
  });

  it.each(['CIRCLE (48.8566 2.3522, 50)', 'CIRCLE (-33.8688 151.2093, 2500)', 'CIRCLE (64.1466 -21.9426, 12000.5)'])('round-trips %s through its polygon', (area) => {
    expect(drawnAreaToWkt(wktToGeometry(area), true)).toBe(area);
  });

  it('stores a drawn polygon as POLYGON when it was not drawn as a circle', () => {
    const polygon = wktToGeometry('CIRCLE (10 20, 1000)');
    expect(drawnAreaToWkt(polygon, false)).toMatch(/^POLYGON \(\(10\.008\d* 20, /);
  });
});

describe('circleOfPolygon', () => {
  it('finds centre and radius of a circle laid out in web mercator, as the drawing tool does', () => {
    const [longitude, latitude, radiusMetres] = [13.405, 52.52, 800];
    // a mercator circle: equal offsets in projected metres, scaled by 1/cos(latitude)
    const scale = 1 / Math.cos((latitude * Math.PI) / 180);
    const toY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 6_378_137;
    const toLat = (y: number) => (Math.atan(Math.exp(y / 6_378_137)) * 360) / Math.PI - 90;
    const ring = Array.from({ length: 65 }, (_, i) => {
      const angle = (2 * Math.PI * (i % 64)) / 64;
      const dx = radiusMetres * scale * Math.cos(angle);
      const dy = radiusMetres * scale * Math.sin(angle);
      return [longitude + (dx / 6_378_137) * (180 / Math.PI), toLat(toY(latitude) + dy)];
    });
    const circle = circleOfPolygon({ type: 'Polygon', coordinates: [ring] });
    expect(circle.center[0]).toBeCloseTo(longitude, 6);
    expect(circle.center[1]).toBeCloseTo(latitude, 4);
    expect(circle.radius).toBeGreaterThan(radiusMetres * 0.99);
    expect(circle.radius).toBeLessThan(radiusMetres * 1.01);
  });
});

describe('isCircleArea', () => {
  it('tells circles from other areas', () => {
    expect(isCircleArea(' CIRCLE (1 2, 3)')).toBe(true);
    expect(isCircleArea('POLYGON ((1 2, 3 4, 5 6))')).toBe(false);
  });
});

describe('labelPoint', () => {
  it('puts a circle\'s name at its centre and a polygon\'s amid its corners', () => {
    const [longitude, latitude] = labelPoint(wktToGeometry('CIRCLE (28.61 77.2, 800)'));
    expect(longitude).toBeCloseTo(77.2, 6);
    expect(latitude).toBeCloseTo(28.61, 4);
    expect(labelPoint(wktToGeometry('POLYGON ((0 0, 0 2, 2 2, 2 0))'))).toEqual([1, 1]);
  });

  it('puts a line\'s name halfway along it', () => {
    expect(labelPoint(wktToGeometry('LINESTRING (0 0, 0 1, 0 4)'))).toEqual([2, 0]);
    expect(labelPoint({ type: 'LineString', coordinates: [[5, 5], [5, 5]] })).toEqual([5, 5]);
  });
});
