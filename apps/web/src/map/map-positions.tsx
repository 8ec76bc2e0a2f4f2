import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import type { Device, Position } from '@tracklane/domain';
import { useCallback, useEffect, useId } from 'react';
import { useLiveStore } from '../store/live-store';
import { addCategoryIcons, CATEGORY_ICONS } from './category-icons';
import { useMap } from './map-view';
import { useSourceRefresh } from './use-source-refresh';

type LiveState = ReturnType<typeof useLiveStore.getState>;

export const CLUSTER_MAX_ZOOM = 14;
export const CLUSTER_RADIUS = 50;
const STATUS_COLORS = { online: '#2e7d32', offline: '#d32f2f', unknown: '#757575' };

const toFeatures = (devices: Record<number, Device>, positions: Record<number, Position>, selectedId: number | undefined): GeoJSON.FeatureCollection => ({
  type: 'FeatureCollection',
  features: Object.values(positions)
    .filter((position) => devices[position.deviceId])
    .map((position) => {
      const device = devices[position.deviceId]!;
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [position.longitude, position.latitude] },
        properties: { deviceId: device.id, category: device.category && device.category in CATEGORY_ICONS ? device.category : 'default', color: STATUS_COLORS[device.status ?? 'offline'], selected: device.id === selectedId },
      };
    }),
});

/** One marker per device at its latest position, tinted by status and clustered; clicking selects it. */
export const MapPositions = () => {
  const map = useMap();
  const id = useId();
  const source = `positions-${id}`;
  const selectedId = useLiveStore((state) => state.selectedId);
  const select = useLiveStore((state) => state.select);

  useEffect(() => {
    if (!map) return;
    map.addSource(source, { type: 'geojson', data: { type: 'FeatureCollection', features: [] }, cluster: true, clusterMaxZoom: CLUSTER_MAX_ZOOM, clusterRadius: CLUSTER_RADIUS });
    map.addLayer({ id: `${source}-clusters`, type: 'circle', source, filter: ['has', 'point_count'], paint: { 'circle-color': '#3949ab', 'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 24], 'circle-stroke-width': 2, 'circle-stroke-color': '#fff' } });
    addCategoryIcons(map);
    // a white disc under each category icon, which is tinted by the device's status
    map.addLayer({
      id: `${source}-points`,
      type: 'circle',
      source,
      filter: ['!', ['has', 'point_count']],
      paint: { 'circle-color': '#fff', 'circle-radius': ['case', ['get', 'selected'], 17, 14], 'circle-stroke-width': 2, 'circle-stroke-color': ['get', 'color'] },
    });
    map.addLayer({
      id: `${source}-icons`,
      type: 'symbol',
      source,
      filter: ['!', ['has', 'point_count']],
      layout: { 'icon-image': ['concat', 'category-', ['get', 'category']], 'icon-size': 0.85, 'icon-allow-overlap': true, 'icon-rotation-alignment': 'viewport' },
      paint: { 'icon-color': ['get', 'color'] },
    });
    const onPoint = (event: MapLayerMouseEvent) => select(Number(event.features?.[0]?.properties.deviceId));
    const onCluster = async (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature) return;
      const zoom = await (map.getSource(source) as GeoJSONSource).getClusterExpansionZoom(Number(feature.properties.cluster_id));
      map.easeTo({ center: (feature.geometry as GeoJSON.Point).coordinates as [number, number], zoom });
    };
    map.on('click', `${source}-points`, onPoint);
    map.on('click', `${source}-clusters`, onCluster);
    return () => {
      // the map itself may already be gone when the page unmounts
      if (!map.style) return;
      map.off('click', `${source}-points`, onPoint);
      map.off('click', `${source}-clusters`, onCluster);
      map.removeLayer(`${source}-icons`);
      map.removeLayer(`${source}-points`);
      map.removeLayer(`${source}-clusters`);
      map.removeSource(source);
    };
  }, [map, source, select]);

  const watched = useCallback((state: LiveState) => [state.devices, state.positions, selectedId], [selectedId]);
  const build = useCallback((state: LiveState) => toFeatures(state.devices, state.positions, selectedId), [selectedId]);
  useSourceRefresh(source, watched, build);

  useEffect(() => {
    const position = selectedId === undefined ? undefined : useLiveStore.getState().positions[selectedId];
    if (map && position) map.easeTo({ center: [position.longitude, position.latitude], zoom: Math.max(map.getZoom(), 14) });
  }, [map, selectedId]);

  return null;
};
