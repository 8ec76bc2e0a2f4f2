import type { Server } from '@tracklane/domain';
import { jsonBody, request } from './http';

/** PUT /api/server with the full server object (administrators). */
export const updateServer = (server: Server) => request<Server>('/api/server', jsonBody('PUT', server));
