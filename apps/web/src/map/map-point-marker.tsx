import type maplibregl from 'maplibre-gl';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useId } from 'react';
import { useMap } from './map-view';

const HEADING_IMAGE = 'heading-arrow';
const ARROW_SIZE = 12;

/** A small white arrow pointing north, drawn once per map (the offline style has no font glyphs). */
const addHeadingImage = (map: maplibregl.Map) => {
  if (map.hasImage(HEADING_IMAGE)) return;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = ARROW_SIZE;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.beginPath();
  context.moveTo(ARROW_SIZE / 2, 0);
  context.lineTo(ARROW_SIZE, ARROW_SIZE);
  context.lineTo(ARROW_SIZE / 2, ARROW_SIZE * 0.7);
  context.lineTo(0, ARROW_SIZE);
  context.closePath();
  context.fill();
  map.addImage(HEADING_IMAGE, context.getImageData(0, 0, ARROW_SIZE, ARROW_SIZE));
};

export interface MapPointMarkerProps {
  longitude: number;
  latitude: number;
  /** Degrees clockwise from north; draws a heading arrow. */
  course: number;
  /** Keeps the point in the middle of the map as it moves. */
  follow?: boolean;
}

/** One highlighted point with its heading, e.g. the replay's current position. */
export const MapPointMarker = ({ longitude, latitude, course, follow = false }: MapPointMarkerProps) => {
  const map = useMap();
  const source = `point-${useId()}`;

  useEffect(() => {
    if (!map) return;
    addHeadingImage(map);
    map.addSource(source, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({ id: `${source}-disc`, type: 'circle', source, paint: { 'circle-radius': 9, 'circle-color': '#3949ab', 'circle-stroke-width': 3, 'circle-stroke-color': '#fff' } });
    map.addLayer({
      id: `${source}-heading`,
      type: 'symbol',
      source,
      layout: { 'icon-image': HEADING_IMAGE, 'icon-rotate': ['get', 'course'], 'icon-rotation-alignment': 'map', 'icon-allow-overlap': true },
    });
    return () => {
      if (!map.style) return;
      map.removeLayer(`${source}-heading`);
      map.removeLayer(`${source}-disc`);
      map.removeSource(source);
    };
  }, [map, source]);

  useEffect(() => {
    (map?.getSource(source) as GeoJSONSource | undefined)?.setData({ type: 'Feature', properties: { course }, geometry: { type: 'Point', coordinates: [longitude, latitude] } });
    if (follow) map?.easeTo({ center: [longitude, latitude], duration: 300 });
  }, [map, source, longitude, latitude, course, follow]);

  return null;
};
