import { useEffect } from 'react';
import { useMap } from './map-view';

/** Keeps centring (selection, geolocation) in the part of the map not covered by a side panel. */
export const MapPadding = ({ left }: { left: number }) => {
  const map = useMap();
  useEffect(() => {
    map?.setPadding({ left, top: 0, right: 0, bottom: 0 });
  }, [map, left]);
  return null;
};
