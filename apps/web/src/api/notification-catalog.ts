import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './http';

type Typed = { type: string }[];

const typesQuery = queryOptions({ queryKey: ['notifications', 'types'], queryFn: () => request<Typed>('/api/notifications/types'), staleTime: Infinity });
const notificatorsQuery = queryOptions({ queryKey: ['notifications', 'notificators'], queryFn: () => request<Typed>('/api/notifications/notificators'), staleTime: Infinity });

/** Event types a notification can follow. */
export const useNotificationTypes = () => useQuery(typesQuery);

/** Channels this server can deliver through (only the configured ones). */
export const useNotificators = () => useQuery(notificatorsQuery);
