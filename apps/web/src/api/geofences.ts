import type { Geofence } from '@tracklane/domain';
import { useMutation } from '@tanstack/react-query';
import { jsonBody, request } from './http';
import { RESOURCE_PATHS, resourceApi, useInvalidateResource, useResourceList } from './resource-api';

export const geofencesApi = resourceApi('geofences');

/** The signed-in user's geofences (GET /api/geofences). */
export const useGeofences = () => useResourceList('geofences');

/** A shape just drawn: saved at once with an empty name, named afterwards on its edit page. */
export const useCreateGeofence = () => {
  const invalidate = useInvalidateResource();
  return useMutation({
    mutationFn: (area: string) => request<Geofence>(RESOURCE_PATHS.geofences, jsonBody('POST', { name: '', area })),
    onSuccess: () => invalidate('geofences'),
  });
};

/** A shape moved or reshaped: the full object goes back with its new area. */
export const useUpdateGeofenceArea = () => {
  const invalidate = useInvalidateResource();
  return useMutation({
    mutationFn: ({ geofence, area }: { geofence: Geofence; area: string }) => geofencesApi.update({ ...geofence, area }),
    onSuccess: () => invalidate('geofences'),
  });
};
