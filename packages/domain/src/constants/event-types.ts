/** Every event type the server can raise, in the order `GET /api/notifications/types` lists them. */
export const EVENT_TYPES = [
  'commandResult', 'deviceOnline', 'deviceUnknown', 'deviceOffline', 'deviceInactive', 'queuedCommandSent',
  'deviceMoving', 'deviceStopped', 'deviceOverspeed', 'deviceFuelDrop', 'deviceFuelIncrease', 'geofenceEnter',
  'geofenceExit', 'geofenceCrossed', 'proximityEnter', 'proximityExit', 'unaccompaniedMotion', 'alarm',
  'ignitionOn', 'ignitionOff', 'maintenance', 'driverChanged', 'media', 'textMessage',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Alarm kinds carried in a position's comma-separated `alarm` attribute. */
export const ALARM_KINDS = [
  'general', 'sos', 'vibration', 'movement', 'lowspeed', 'overspeed', 'fallDown', 'lowPower', 'lowBattery',
  'fault', 'powerOff', 'powerOn', 'door', 'lock', 'unlock', 'geofence', 'geofenceEnter', 'geofenceExit',
  'gpsAntennaCut', 'accident', 'tow', 'idle', 'highRpm', 'hardAcceleration', 'hardBraking', 'hardCornering',
  'laneChange', 'fatigueDriving', 'powerCut', 'powerRestored', 'jamming', 'temperature', 'parking', 'shock',
  'bonnet', 'footBrake', 'fuelLeak', 'tampering', 'removing',
] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];
