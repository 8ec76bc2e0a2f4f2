import type { Position } from '@tracklane/domain';
import { request } from './http';

export const fetchLatestPositions = () => request<Position[]>('/api/positions');
export const fetchPosition = (id: number) => request<Position[]>(`/api/positions?id=${id}`).then((positions) => positions[0]);

/** Every position of one device between two instants, oldest first (replay). */
export const fetchRoute = (deviceId: number, from: Date, to: Date, signal?: AbortSignal) =>
  request<Position[]>(`/api/positions?${new URLSearchParams({ deviceId: String(deviceId), from: from.toISOString(), to: to.toISOString() })}`, { signal });
