import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect } from 'react';
import { useLiveStore } from '../store/live-store';
import { useMap } from './map-view';

export const MAP_REFRESH_MS = 500;

type LiveState = ReturnType<typeof useLiveStore.getState>;

/**
 * Feeds a GeoJSON source from the live store at most twice a second, and only when the store parts
 * it reads changed: a fleet moving many markers per frame must not repaint the map every frame.
 */
export const useSourceRefresh = (source: string, select: (state: LiveState) => unknown[], build: (state: LiveState) => GeoJSON.FeatureCollection) => {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    let seen: unknown[] = [];
    let wasEmpty = true;
    const refresh = () => {
      const state = useLiveStore.getState();
      const parts = select(state);
      if (parts.length === seen.length && parts.every((part, index) => part === seen[index])) return;
      seen = parts;
      const data = build(state);
      if (data.features.length === 0 && wasEmpty) return;
      wasEmpty = data.features.length === 0;
      (map.getSource(source) as GeoJSONSource | undefined)?.setData(data);
    };
    refresh();
    const timer = setInterval(refresh, MAP_REFRESH_MS);
    return () => clearInterval(timer);
  }, [map, source, select, build]);
};
