import type { Geofence } from '@tracklane/domain';
import { describe, expect, it } from 'vitest';
import { drawFeatureToWkt, DRAW_COORDINATE_PRECISION, geofenceToDrawFeature, isSavedFeatureId } from './draw-features';
import { createDraw } from './use-terra-draw';

const geofence = (id: number, area: string): Geofence => ({ id, name: 'Depot', description: null, area, calendarId: 0, attributes: {} });

// the drawing as the page configures it, on an adapter that draws nothing
const startedDraw = () => {
  const draw = createDraw({
    project: () => ({ x: 0, y: 0 }),
    unproject: () => ({ lng: 0, lat: 0 }),
    setCursor: () => {},
    getLngLatFromEvent: () => null,
    setDoubleClickToZoom: () => {},
    getMapEventElement: () => document.createElement('div'),
    register: () => {},
    unregister: () => {},
    render: () => {},
    clear: () => {},
    getCoordinatePrecision: () => DRAW_COORDINATE_PRECISION,
  });
  draw.start();
  return draw;
};

const accepted = (feature: ReturnType<typeof geofenceToDrawFeature>) => startedDraw().addFeatures([feature!])[0];

describe('geofenceToDrawFeature', () => {
  it('makes a circle an editable circle, under the geofence id, that converts back to the same CIRCLE', () => {
    const feature = geofenceToDrawFeature(geofence(7, 'CIRCLE (28.61 77.2, 300)'))!;
    expect(feature.id).toBe(7);
    expect(feature.properties.mode).toBe('circle');
    expect(feature.properties.radiusKilometers).toBeCloseTo(0.3, 6);
    expect(accepted(feature)).toEqual({ id: 7, valid: true });
    expect(drawFeatureToWkt(feature)).toBe('CIRCLE (28.61 77.2, 300)');
  });

  it('makes polygons and lines shapes of their own modes', () => {
    const polygon = geofenceToDrawFeature(geofence(8, 'POLYGON ((28.61 77.2, 28.62 77.2, 28.62 77.21))'))!;
    expect(polygon.properties.mode).toBe('polygon');
    expect(accepted(polygon)).toEqual({ id: 8, valid: true });
    expect(drawFeatureToWkt(polygon)).toBe('POLYGON ((28.61 77.2, 28.62 77.2, 28.62 77.21, 28.61 77.2))');

    const line = geofenceToDrawFeature(geofence(9, 'LINESTRING (28.61 77.2, 28.62 77.21)'))!;
    expect(line.properties.mode).toBe('linestring');
    expect(accepted(line)).toEqual({ id: 9, valid: true });
    expect(drawFeatureToWkt(line)).toBe('LINESTRING (28.61 77.2, 28.62 77.21)');
  });

  it('leaves out an area it cannot read', () => {
    expect(geofenceToDrawFeature(geofence(10, 'POINT (1 2)'))).toBeUndefined();
  });
});

describe('isSavedFeatureId', () => {
  it('tells saved geofences from shapes being drawn', () => {
    expect(isSavedFeatureId(3)).toBe(true);
    expect(isSavedFeatureId(-3)).toBe(false);
    expect(isSavedFeatureId('3')).toBe(false);
  });
});
