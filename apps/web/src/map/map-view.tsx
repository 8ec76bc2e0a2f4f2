import 'maplibre-gl/dist/maplibre-gl.css';
import { Box } from '@mui/material';
import maplibregl from 'maplibre-gl';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServer } from '../api/server';
import { useLiveStore } from '../store/live-store';
import { mapLocale } from './map-locale';
import { baseStyle, tileSource, tilesReachable } from './map-styles';
import { MapStyleSwitcher } from './map-style-switcher';
import { exposeMap } from './map-test-handle';
import { addOfflineBase } from './offline-base';
import { useMapStyle } from './use-map-style';

const MapContext = createContext<maplibregl.Map | undefined>(undefined);

/** The map of the nearest MapView; overlays render nothing and manage their own layers with it. */
export const useMap = (): maplibregl.Map | undefined => useContext(MapContext);

const GEOLOCATE_TIMEOUT_MS = 5000;

export const MapView = ({ children }: { children?: ReactNode }) => {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map>();
  const server = useServer().data;
  const user = useLiveStore((state) => state.user);
  const preference = (key: string) => (server?.forceSettings ? server.attributes[key] : (user?.attributes[key] ?? server?.attributes[key]));
  const token = preference('mapboxAccessToken') as string | undefined;
  const [styleId, chooseStyle] = useMapStyle();
  const { t } = useTranslation();

  useLayoutEffect(() => {
    const instance = new maplibregl.Map({
      container: container.current!,
      style: baseStyle(),
      center: [server?.longitude ?? 0, server?.latitude ?? 20],
      zoom: server?.zoom || 1.5,
      attributionControl: { compact: true },
      locale: mapLocale(t),
    });
    // tiles that cannot load (no internet) are expected and stay out of the console; anything else is reported
    instance.on('error', (event: maplibregl.ErrorEvent & { sourceId?: string; tile?: unknown }) => {
      if (event.sourceId === undefined && event.tile === undefined) console.error(event.error);
    });
    instance.addControl(new maplibregl.NavigationControl(), 'top-right');
    instance.addControl(new maplibregl.GeolocateControl({ positionOptions: { enableHighAccuracy: true, timeout: GEOLOCATE_TIMEOUT_MS }, trackUserLocation: false }), 'top-right');
    // 'load' waits for the first tiles, which never come offline; the style is enough to start
    instance.once('style.load', () => {
      addOfflineBase(instance);
      exposeMap(instance.getContainer(), instance);
      setMap(instance);
    });
    return () => {
      exposeMap(instance.getContainer(), undefined);
      setMap(undefined);
      instance.remove();
    };
    // one map per page: the base layer is swapped below, and the language only changes on the login page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // the chosen tiles go under everything else; when they cannot be reached the offline outlines stay
  useEffect(() => {
    if (!map) return;
    let cancelled = false;
    const tiles = tileSource(styleId, token);
    void tilesReachable(tiles).then((reachable) => {
      if (cancelled || !map.style) return;
      if (reachable) {
        map.addSource('tiles', tiles);
        map.addLayer({ id: 'tiles', type: 'raster', source: 'tiles' }, 'offline-land');
      }
      for (const layer of ['offline-land', 'offline-borders']) map.setLayoutProperty(layer, 'visibility', reachable ? 'none' : 'visible');
    });
    return () => {
      cancelled = true;
      if (!map.style || !map.getLayer('tiles')) return;
      map.removeLayer('tiles');
      map.removeSource('tiles');
    };
  }, [map, styleId, token]);

  useEffect(() => {
    const element = container.current;
    if (!element || !map) return;
    const observer = new ResizeObserver(() => map.resize());
    observer.observe(element);
    return () => observer.disconnect();
  }, [map]);

  return (
    // MapLibre's stylesheet makes its container position: relative, so it fills a positioned wrapper
    <Box sx={{ position: 'absolute', inset: 0 }}>
      <Box ref={container} sx={{ width: '100%', height: '100%' }} data-testid="map" />
      <MapStyleSwitcher value={styleId} hasMapboxToken={Boolean(token)} onChange={chooseStyle} />
      <MapContext.Provider value={map}>{map && children}</MapContext.Provider>
    </Box>
  );
};
