import type { Device } from '@tracklane/domain';

/** Devices whose name, identifier, phone, model or contact contains the keyword, sorted by name. */
export const filterDevices = (devices: Device[], keyword: string): Device[] => {
  const needle = keyword.trim().toLowerCase();
  const matches = needle
    ? devices.filter((device) => [device.name, device.uniqueId, device.phone, device.model, device.contact].some((value) => value?.toLowerCase().includes(needle)))
    : devices;
  return [...matches].sort((a, b) => a.name.localeCompare(b.name));
};
