import type maplibregl from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';

/** Country shapes shipped with the app, so the map is never blank offline. */
export const addOfflineBase = (map: maplibregl.Map): void => {
  const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
  map.addSource('offline-countries', { type: 'geojson', data: feature(topology, topology.objects.countries) });
  map.addLayer({ id: 'offline-land', type: 'fill', source: 'offline-countries', paint: { 'fill-color': '#f2efe9' } });
  map.addLayer({ id: 'offline-borders', type: 'line', source: 'offline-countries', paint: { 'line-color': '#9e9cab', 'line-width': 0.6 } });
};
