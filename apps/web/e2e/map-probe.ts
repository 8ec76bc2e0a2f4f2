import type { Page } from '@playwright/test';
import type { MapElement } from '../src/map/map-test-handle';

export type LngLat = [number, number];

/** Where the map really draws a device's marker (its category symbol), or null while it draws none. */
export const renderedMarker = (page: Page, deviceId: number): Promise<LngLat | null> =>
  page.getByTestId('map').evaluate((element, id) => {
    const map = (element as MapElement).maplibre;
    const feature = map?.queryRenderedFeatures().find((candidate) => candidate.layer.type === 'symbol' && candidate.properties.deviceId === id);
    return feature ? ((feature.geometry as GeoJSON.Point).coordinates as [number, number]) : null;
  }, deviceId);

/** The centre of the map's view. */
export const mapCentre = (page: Page): Promise<LngLat | null> =>
  page.getByTestId('map').evaluate((element) => {
    const centre = (element as MapElement).maplibre?.getCenter();
    return centre ? ([centre.lng, centre.lat] as [number, number]) : null;
  });

/** True when two points are within `tolerance` degrees on both axes. */
export const near = (point: LngLat | null, target: LngLat, tolerance: number) =>
  point !== null && Math.abs(point[0] - target[0]) <= tolerance && Math.abs(point[1] - target[1]) <= tolerance;
