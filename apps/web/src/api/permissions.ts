import { jsonBody, request } from './http';

/** A permission link: one base key (deviceId, userId…) and one linked key (geofenceId, groupId…). */
export type PermissionLink = Record<string, number>;

export const linkPermission = (link: PermissionLink) => request<void>('/api/permissions', jsonBody('POST', link));
export const unlinkPermission = (link: PermissionLink) => request<void>('/api/permissions', jsonBody('DELETE', link));
