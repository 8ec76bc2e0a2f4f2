import type { CoordinateFormat, DistanceUnit, SpeedUnit, VolumeUnit } from '@tracklane/domain';
import { useServer } from '../api/server';
import { useLiveStore } from '../store/live-store';

/** User preference over server preference, unless the server forces its settings. */
export const usePreferences = () => {
  const server = useServer().data;
  const user = useLiveStore((state) => state.user);
  const pick = <T,>(key: string, fallback: T): T => {
    const serverValue = server?.attributes[key];
    const userValue = user?.attributes[key];
    const chosen = server?.forceSettings ? (serverValue ?? userValue) : (userValue ?? serverValue);
    return (chosen ?? fallback) as T;
  };
  return {
    speedUnit: pick<SpeedUnit>('speedUnit', 'kn'),
    distanceUnit: pick<DistanceUnit>('distanceUnit', 'km'),
    volumeUnit: pick<VolumeUnit>('volumeUnit', 'ltr'),
    timezone: pick<string | undefined>('timezone', undefined),
    coordinateFormat: ((server?.forceSettings ? server.coordinateFormat : (user?.coordinateFormat ?? server?.coordinateFormat)) ?? 'dd') as CoordinateFormat,
  };
};
