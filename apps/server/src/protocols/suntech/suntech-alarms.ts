import { Alarm } from '../alarms.js';

const EMERGENCIES: Record<number, string> = { 1: Alarm.sos, 2: 'parking', 3: Alarm.powerCut, 5: Alarm.door, 6: Alarm.door, 7: Alarm.movement, 8: Alarm.vibration };

const ALERTS: Record<number, string> = {
  1: Alarm.overspeed,
  5: Alarm.geofenceExit,
  6: Alarm.geofenceEnter,
  14: Alarm.lowBattery,
  15: Alarm.vibration,
  16: Alarm.accident,
  40: Alarm.powerRestored,
  41: Alarm.powerCut,
  42: Alarm.sos,
  46: Alarm.acceleration,
  47: Alarm.braking,
  50: Alarm.jamming,
  132: Alarm.door,
};

/** EMG_ID of an emergency report. */
export const emergencyAlarm = (id: number): string | undefined => EMERGENCIES[id];

/** ALERT_ID of an alert report. */
export const alertAlarm = (id: number): string | undefined => ALERTS[id];
