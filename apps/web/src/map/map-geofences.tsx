import type { Geofence } from '@tracklane/domain';
import type { GeoJSONSource, MapStyleImageMissingEvent } from 'maplibre-gl';
import { useEffect, useId } from 'react';
import { useGeofences } from '../api/geofences';
import { addTextImage } from './text-image';
import { useMap } from './map-view';
import { labelPoint, wktToGeometry, type AreaGeometry } from './map-util';

export const GEOFENCE_COLOR = '#3949ab';
const LABEL_PREFIX = 'geofence-label:';

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

const collection = (features: GeoJSON.Feature[]): GeoJSON.FeatureCollection => ({ type: 'FeatureCollection', features });

/**
 * Each geofence's area, and a point for its name: one point, because a symbol layer would label a
 * polygon once per tile it spans. Areas the map cannot read are left out rather than breaking the others.
 */
export const geofenceFeatures = (geofences: Geofence[]) => {
  const areas: GeoJSON.Feature[] = [];
  const labels: GeoJSON.Feature[] = [];
  for (const geofence of geofences) {
    let geometry: AreaGeometry;
    try {
      geometry = wktToGeometry(geofence.area);
    } catch {
      continue;
    }
    const { color, mapLineWidth, mapLineOpacity } = geofence.attributes;
    areas.push({
      type: 'Feature',
      id: geofence.id,
      geometry,
      properties: { color: typeof color === 'string' && color ? color : GEOFENCE_COLOR, width: numberOr(mapLineWidth, 2), opacity: numberOr(mapLineOpacity, 1) },
    });
    if (geofence.name.trim()) labels.push({ type: 'Feature', id: geofence.id, geometry: { type: 'Point', coordinates: labelPoint(geometry) }, properties: { name: geofence.name.trim() } });
  }
  return { areas: collection(areas), labels: collection(labels) };
};

/** The user's geofences as outlined areas and lines, each with its name. */
export const MapGeofences = () => {
  const map = useMap();
  const source = `geofences-${useId()}`;
  const geofences = useGeofences().data;

  useEffect(() => {
    if (!map) return;
    const empty = collection([]);
    map.addSource(source, { type: 'geojson', data: empty });
    map.addSource(`${source}-labels`, { type: 'geojson', data: empty });
    map.addLayer({ id: `${source}-fill`, type: 'fill', source, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.1 } });
    map.addLayer({ id: `${source}-line`, type: 'line', source, paint: { 'line-color': ['get', 'color'], 'line-width': ['get', 'width'], 'line-opacity': ['get', 'opacity'] } });
    map.addLayer({ id: `${source}-labels`, type: 'symbol', source: `${source}-labels`, layout: { 'icon-image': ['concat', LABEL_PREFIX, ['get', 'name']] } });
    // names become images when the map first asks for them
    const onMissingImage = (event: MapStyleImageMissingEvent) => {
      if (event.id.startsWith(LABEL_PREFIX) && !map.hasImage(event.id)) addTextImage(map, event.id, event.id.slice(LABEL_PREFIX.length));
    };
    map.on('styleimagemissing', onMissingImage);
    return () => {
      if (!map.style) return;
      map.off('styleimagemissing', onMissingImage);
      for (const layer of ['labels', 'line', 'fill']) map.removeLayer(`${source}-${layer}`);
      map.removeSource(`${source}-labels`);
      map.removeSource(source);
    };
  }, [map, source]);

  useEffect(() => {
    const { areas, labels } = geofenceFeatures(geofences ?? []);
    (map?.getSource(source) as GeoJSONSource | undefined)?.setData(areas);
    (map?.getSource(`${source}-labels`) as GeoJSONSource | undefined)?.setData(labels);
  }, [map, source, geofences]);

  return null;
};
