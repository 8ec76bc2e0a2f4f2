import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useId } from 'react';
import { useMap } from './map-view';

export const ROUTE_COLOR = '#333333';
export const ROUTE_WIDTH = 5;

/** A line through the given [longitude, latitude] points. */
export const MapRoutePath = ({ coordinates }: { coordinates: [number, number][] }) => {
  const map = useMap();
  const source = `route-${useId()}`;

  useEffect(() => {
    if (!map) return;
    map.addSource(source, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({ id: source, type: 'line', source, layout: { 'line-join': 'round', 'line-cap': 'round' }, paint: { 'line-color': ROUTE_COLOR, 'line-width': ROUTE_WIDTH } });
    return () => {
      if (!map.style) return;
      map.removeLayer(source);
      map.removeSource(source);
    };
  }, [map, source]);

  useEffect(() => {
    (map?.getSource(source) as GeoJSONSource | undefined)?.setData({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } });
  }, [map, source, coordinates]);

  return null;
};
