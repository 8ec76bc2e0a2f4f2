import { useEffect, useId } from 'react';
import { circlePolygon } from './circle-polygon';
import { useLiveStore } from '../store/live-store';
import { useMap } from './map-view';
import { useSourceRefresh } from './use-source-refresh';

type LiveState = ReturnType<typeof useLiveStore.getState>;

const selectPositions = (state: LiveState) => [state.positions];

const buildCircles = (state: LiveState): GeoJSON.FeatureCollection => ({
  type: 'FeatureCollection',
  features: Object.values(state.positions)
    .filter((position) => position.accuracy > 0)
    .map((position) => ({ type: 'Feature', properties: {}, geometry: circlePolygon([position.longitude, position.latitude], position.accuracy * 0.001) })),
});

/** A translucent circle of the reported accuracy around each position that has one. */
export const MapAccuracy = () => {
  const map = useMap();
  const source = `accuracy-${useId()}`;

  useEffect(() => {
    if (!map) return;
    map.addSource(source, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({ id: source, type: 'fill', source, paint: { 'fill-color': '#3949ab', 'fill-opacity': 0.15 } });
    return () => {
      if (!map.style) return;
      map.removeLayer(source);
      map.removeSource(source);
    };
  }, [map, source]);

  useSourceRefresh(source, selectPositions, buildCircles);

  return null;
};
