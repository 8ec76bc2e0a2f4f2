import { useState } from 'react';
import { useServer } from '../api/server';
import { useLiveStore } from '../store/live-store';
import { MAP_STYLES, type MapStyleId } from './map-styles';

const STORAGE_KEY = 'mapStyle';

/** A layer picked with the switcher, and the account preference it was picked over. */
interface LayerChoice {
  style: MapStyleId;
  basedOn: string;
  /** Picked on this page; the only kind honoured while the server forces its settings. */
  fresh?: boolean;
}

const isStyle = (value: unknown): value is MapStyleId => typeof value === 'string' && (MAP_STYLES as readonly string[]).includes(value);

const storedChoice = (): LayerChoice | undefined => {
  try {
    const choice = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<LayerChoice> | null;
    return choice && isStyle(choice.style) && typeof choice.basedOn === 'string' ? { style: choice.style, basedOn: choice.basedOn } : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The base layer: the account's map preference (the server's when it forces its settings), unless the
 * layer switcher picked another since that preference last changed.
 */
export const useMapStyle = (): [MapStyleId, (style: MapStyleId) => void] => {
  const server = useServer().data;
  const user = useLiveStore((state) => state.user);
  const forced = Boolean(server?.forceSettings);
  const preference = forced ? (server?.map ?? user?.map) : (user?.map ?? server?.map);
  const basedOn = `${forced}:${preference ?? ''}`;
  const [choice, setChoice] = useState<LayerChoice | undefined>(storedChoice);

  const honoured = choice && choice.basedOn === basedOn && (!forced || choice.fresh);
  const style = honoured ? choice.style : isStyle(preference) ? preference : 'osm';

  const choose = (picked: MapStyleId) => {
    const next = { style: picked, basedOn };
    if (!forced) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setChoice({ ...next, fresh: true });
  };
  return [style, choose];
};
