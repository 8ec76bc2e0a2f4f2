import type { Device } from '@tracklane/domain';
import { jsonBody, request } from './http';

export const fetchDevices = () => request<Device[]>('/api/devices');
export const deleteDevice = (id: number) => request<void>(`/api/devices/${id}`, { method: 'DELETE' });
export const createDevice = (device: Pick<Device, 'name' | 'uniqueId'>) => request<Device>('/api/devices', jsonBody('POST', device));
/** One device by id, undefined when the user cannot see it. */
export const fetchDevice = async (id: number): Promise<Device | undefined> => (await request<Device[]>(`/api/devices?id=${id}`))[0];
