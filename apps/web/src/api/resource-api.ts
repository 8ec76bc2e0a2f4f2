import type { Command, ComputedAttribute, Device, Driver, Geofence, Group, Maintenance, Notification, User } from '@tracklane/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { jsonBody, request } from './http';

/** The managed entities, each with its REST collection (reference §2). */
export interface ResourceTypes {
  devices: Device;
  groups: Group;
  drivers: Driver;
  geofences: Geofence;
  notifications: Notification;
  computed: ComputedAttribute;
  maintenance: Maintenance;
  users: User;
  commands: Command;
}
export type ResourceName = keyof ResourceTypes;

export const RESOURCE_PATHS: Record<ResourceName, string> = {
  devices: '/api/devices',
  groups: '/api/groups',
  drivers: '/api/drivers',
  geofences: '/api/geofences',
  notifications: '/api/notifications',
  computed: '/api/attributes/computed',
  maintenance: '/api/maintenance',
  users: '/api/users',
  commands: '/api/commands',
};

export type ListParams = Partial<Record<'all' | 'userId' | 'deviceId' | 'groupId', string | number | boolean>>;

const queryString = (params: ListParams = {}) => {
  const search = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return search.size ? `?${search}` : '';
};

export const resourceApi = <N extends ResourceName>(name: N) => {
  const path = RESOURCE_PATHS[name];
  type Item = ResourceTypes[N];
  return {
    list: (params?: ListParams) => request<Item[]>(`${path}${queryString(params)}`),
    get: (id: number) => request<Item>(`${path}/${id}`),
    create: (item: Omit<Item, 'id'>) => request<Item>(path, jsonBody('POST', item)),
    update: (item: Item) => request<Item>(`${path}/${item.id}`, jsonBody('PUT', item)),
    remove: (id: number) => request<void>(`${path}/${id}`, { method: 'DELETE' }),
  };
};

export const resourceListQuery = <N extends ResourceName>(name: N, params?: ListParams) =>
  queryOptions({ queryKey: [name, 'list', params ?? {}], queryFn: () => resourceApi(name).list(params) });

export const resourceItemQuery = <N extends ResourceName>(name: N, id: number) =>
  queryOptions({ queryKey: [name, 'item', id], queryFn: () => resourceApi(name).get(id) });

export const useResourceList = <N extends ResourceName>(name: N, params?: ListParams) => useQuery(resourceListQuery(name, params));

/** After a write every cached list and item of the entity is stale. */
export const useInvalidateResource = () => {
  const client = useQueryClient();
  return (name: ResourceName) => client.invalidateQueries({ queryKey: [name] });
};
