import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, cellTower, networkOf, setTime, wifiAccessPoint } from '../position-builder.js';

/** Calendar fields to epoch ms, rolling over like Java's lenient calendar (clone firmware sends odd dates). */
export const lenientUtc = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number =>
  Date.UTC(year < 100 ? 2000 + year : year, month - 1, day, hour, minute, second);

const TYPE_ALARMS: Record<string, string> = {
  ZC11: Alarm.movement, DW31: Alarm.movement, DW51: Alarm.movement,
  ZC12: Alarm.lowBattery, DW32: Alarm.lowBattery, DW52: Alarm.lowBattery,
  ZC13: Alarm.powerCut, DW33: Alarm.powerCut, DW53: Alarm.powerCut,
  ZC17: Alarm.removing, DW37: Alarm.removing, DW57: Alarm.removing,
  ZC25: Alarm.sos, DW3E: Alarm.sos, DW5E: Alarm.sos,
  ZC26: Alarm.tampering, DW3F: Alarm.tampering, DW5F: Alarm.tampering,
  ZC27: Alarm.lowPower, DW40: Alarm.lowPower, DW60: Alarm.lowPower,
};
const IGNITION_ON = new Set(['ZC15', 'DW35', 'DW55', 'ZC29', 'DW42', 'DW62']);
const IGNITION_OFF = new Set(['ZC16', 'DW36', 'DW56']);
const BO01_ALARMS = [undefined, Alarm.accident, Alarm.sos, Alarm.vibration, Alarm.lowSpeed, Alarm.overspeed, Alarm.geofenceExit];
const BQ81_ALARMS = [Alarm.lowBattery, Alarm.overspeed, Alarm.idle, Alarm.acceleration, Alarm.braking, Alarm.temperature];

/** What the command itself says: alarms (BO01, BQ81, ZCxx/DWxx) and ignition changes. */
export const applyType = (position: DecodedPosition, type: string, data: string | undefined): void => {
  if (type === 'BQ81') addAlarm(position, BQ81_ALARMS[Number(data)]);
  else if (type === 'BO01') addAlarm(position, BO01_ALARMS[Number(data?.[0])]);
  else if (IGNITION_ON.has(type)) position.attributes.ignition = true;
  else if (IGNITION_OFF.has(type)) position.attributes.ignition = false;
  else addAlarm(position, TYPE_ALARMS[type]);
};

const BATTERY = /^\(?(\d+),ZC20,(\d\d)(\d\d)(\d\d),(\d\d)(\d\d)(\d\d),(\d+),(\d+),(\d+),\d+/;
const NETWORK = /^\(?(\d{12})BZ00,(\d+),(\d+),([0-9A-Fa-f]+),([0-9A-Fa-f]+),/;
const NETWORK_LIST = /^\(?(\d{12})BZ00,((?:\{\d+,\d+,\d+,\d+\}\s*)+),?([0-9A-Fa-f]{8})?/;
const COMMAND_RESULT = /^\(?(\d+),.{4},(\d\d)(\d\d)(\d\d),(\d\d)(\d\d)(\d\d),\$([\s\S]*?)(?:\$|$)/;
const LBS_WIFI = /^\(?(\d+),(.{4}),(\d+),(\d+),(\d+),(\d+),(\d+),((?:(?:[0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}\*[-+]?\d+\*\d+,)*)(\d\d)(\d\d)(\d\d),(\d\d)(\d\d)(\d\d)/;
const VIN = /^\((\d+)BV00(.{17})\)$/;

/** Battery report (ZC20): level 2–6, battery voltage, supply voltage; 255/65535 mean "not measured". */
export const decodeBattery = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = BATTERY.exec(sentence);
  if (!m) return undefined;
  const n = (i: number) => Number(m[i]);
  setTime(position, lenientUtc(n(4), n(3), n(2), n(5), n(6), n(7)));
  const level = ({ 6: 100, 5: 80, 4: 50, 3: 20, 2: 10 } as Record<number, number>)[n(8)];
  if (level !== undefined) position.attributes.batteryLevel = level;
  if (n(9) !== 65535) position.attributes.battery = n(9) * 0.01;
  if (n(10) !== 65535) position.attributes.power = n(10) * 0.1;
  return m[1];
};

/** Serving cell (BZ00), as one cell or a `{mcc,mnc,lac,cid}` list. */
export const decodeNetwork = (position: DecodedPosition, sentence: string): string | undefined => {
  const list = NETWORK_LIST.exec(sentence);
  if (list) {
    const cells = [...list[2]!.matchAll(/\{(\d+),(\d+),(\d+),(\d+)\}/g)].map((c) => cellTower(Number(c[1]), Number(c[2]), Number(c[3]), Number(c[4])));
    position.network = networkOf(cells);
    if (list[3]) position.attributes.status = list[3];
    return list[1];
  }
  const m = NETWORK.exec(sentence);
  if (!m) return undefined;
  position.network = networkOf([cellTower(Number(m[2]), Number(m[3]), Number.parseInt(m[4]!, 16), Number.parseInt(m[5]!, 16))]);
  return m[1];
};

/** Command result (ZC03): the text between `$`. */
export const decodeCommandResult = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = COMMAND_RESULT.exec(sentence);
  if (!m) return undefined;
  const n = (i: number) => Number(m[i]);
  setTime(position, lenientUtc(n(4), n(3), n(2), n(5), n(6), n(7)));
  position.attributes.result = m[8];
  return m[1];
};

/** Cell + Wi-Fi report (DW5x). */
export const decodeLbsWifi = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = LBS_WIFI.exec(sentence);
  if (!m) return undefined;
  applyType(position, m[2]!, '0');
  const wifi = m[8]!.split(',').filter(Boolean).map((entry) => entry.split('*')).map(([mac, rssi]) => wifiAccessPoint(mac!, Number(rssi)));
  position.network = networkOf([cellTower(Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]))], wifi.length === Number(m[7]) ? wifi : []);
  const n = (i: number) => Number(m[i]);
  setTime(position, lenientUtc(n(11), n(10), n(9), n(12), n(13), n(14)));
  return m[1];
};

/** Vehicle identification number (BV00). */
export const decodeVin = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = VIN.exec(sentence);
  if (!m) return undefined;
  position.attributes.vin = m[2];
  return m[1];
};
