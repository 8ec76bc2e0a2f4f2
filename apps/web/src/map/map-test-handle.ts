import type maplibregl from 'maplibre-gl';

/** The map's element carries its instance, so end-to-end tests can ask what is really rendered. */
export type MapElement = HTMLElement & { maplibre?: maplibregl.Map };

// Read-only for tests: nothing in the app looks at it, and it is dropped with the map.
export const exposeMap = (element: HTMLElement, map: maplibregl.Map | undefined) => {
  (element as MapElement).maplibre = map;
};
