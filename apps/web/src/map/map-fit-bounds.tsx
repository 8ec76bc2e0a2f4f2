import { LngLatBounds, type PaddingOptions } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from './map-view';

/** Fits the map to the points once whenever they change (a newly loaded route). */
export const MapFitBounds = ({ coordinates, padding }: { coordinates: [number, number][]; padding: PaddingOptions }) => {
  const map = useMap();
  useEffect(() => {
    if (!map || coordinates.length === 0) return;
    const bounds = coordinates.reduce((box, point) => box.extend(point), new LngLatBounds(coordinates[0], coordinates[0]));
    map.fitBounds(bounds, { padding, maxZoom: 16, duration: 0 });
    // padding is a constant of the page; only a new route refits
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, coordinates]);
  return null;
};
