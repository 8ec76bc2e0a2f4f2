import type { UnknownDevice } from '@tracklane/domain';
import { useQuery } from '@tanstack/react-query';
import { request } from './http';

/** Trackers that reported with an identifier no device has (administrators). */
export const useUnknownDevices = (enabled: boolean) =>
  useQuery({ queryKey: ['devices', 'unknown'], queryFn: () => request<UnknownDevice[]>('/api/devices/unknown'), enabled, refetchInterval: 30_000 });
