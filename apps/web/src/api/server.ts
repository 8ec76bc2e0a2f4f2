import type { Server } from '@tracklane/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './http';

export const serverQuery = queryOptions({ queryKey: ['server'], queryFn: () => request<Server>('/api/server'), staleTime: 60_000 });

export const useServer = () => useQuery(serverQuery);
