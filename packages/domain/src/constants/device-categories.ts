/** Icon categories a device can have. */
export const DEVICE_CATEGORIES = [
  'default', 'animal', 'bicycle', 'boat', 'bus', 'car', 'crane', 'helicopter', 'motorcycle', 'offroad', 'person',
  'pickup', 'plane', 'ship', 'tractor', 'train', 'tram', 'trolleybus', 'truck', 'van', 'scooter',
] as const;
export type DeviceCategory = (typeof DEVICE_CATEGORIES)[number];
