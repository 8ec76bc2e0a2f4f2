import type { StyleSpecification } from 'maplibre-gl';

export const MAP_STYLES = ['osm', 'carto', 'mapboxStreets', 'mapboxOutdoors', 'mapboxSatellite'] as const;
export type MapStyleId = (typeof MAP_STYLES)[number];

const raster = (tiles: string[], attribution: string): StyleSpecification['sources'][string] => ({ type: 'raster', tiles, tileSize: 256, attribution, maxzoom: 19 });

const mapbox = (style: string, token: string) =>
  raster([`https://api.mapbox.com/styles/v1/mapbox/${style}/tiles/256/{z}/{x}/{y}@2x?access_token=${token}`], '© Mapbox © OpenStreetMap');

/** The raster tile source of a style id. */
export const tileSource = (id: MapStyleId, mapboxToken: string | undefined) => {
  const tiles: Record<MapStyleId, StyleSpecification['sources'][string]> = {
    osm: raster(['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], '© OpenStreetMap contributors'),
    carto: raster(['https://basemaps.cartocdn.com/rastertiles/voyager/{z}/{x}/{y}.png'], '© OpenStreetMap contributors © CARTO'),
    mapboxStreets: mapbox('streets-v12', mapboxToken ?? ''),
    mapboxOutdoors: mapbox('outdoors-v12', mapboxToken ?? ''),
    mapboxSatellite: mapbox('satellite-streets-v12', mapboxToken ?? ''),
  };
  return tiles[id] as StyleSpecification['sources'][string] & { tiles: string[] };
};

/** Sea-coloured background only; the offline countries and (when reachable) the tiles are added on top. */
export const baseStyle = (): StyleSpecification => ({
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#aad3df' } }],
});

/**
 * Asks the tile server for its world tile once. Without internet the browser logs that one failed
 * request, instead of one per tile on every pan and zoom.
 */
export const tilesReachable = async (source: { tiles: string[] }, timeoutMs = 4000): Promise<boolean> => {
  const url = source.tiles[0]!.replace('{z}', '0').replace('{x}', '0').replace('{y}', '0');
  try {
    await fetch(url, { mode: 'no-cors', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
};
