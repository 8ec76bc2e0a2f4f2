/** Every command type, in the order `GET /api/commands/types` lists them. */
export const COMMAND_TYPES = [
  'custom', 'deviceIdentification', 'positionSingle', 'positionPeriodic', 'positionStop', 'engineStop',
  'engineResume', 'alarmArm', 'alarmDisarm', 'alarmDismiss', 'setTimezone', 'requestPhoto', 'powerOff',
  'rebootDevice', 'factoryReset', 'sendSms', 'sendUssd', 'sosNumber', 'silenceTime', 'setPhonebook', 'message',
  'voiceMessage', 'outputControl', 'voiceMonitoring', 'setAgps', 'setIndicator', 'configuration', 'getVersion',
  'firmwareUpdate', 'setConnection', 'setOdometer', 'getModemStatus', 'getDeviceStatus', 'setSpeedLimit',
  'modePowerSaving', 'modeDeepSleep', 'videoStart', 'videoStop', 'alarmGeofence', 'alarmBattery', 'alarmSos',
  'alarmRemove', 'alarmClock', 'alarmSpeed', 'alarmFall', 'alarmVibration',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];
