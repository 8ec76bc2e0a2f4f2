import type { Position } from '@tracklane/domain';
import { request } from './http';

export const fetchLatestPositions = () => request<Position[]>('/api/positions');
export const fetchPosition = (id: number) => request<Position[]>(`/api/positions?id=${id}`).then((positions) => positions[0]);
