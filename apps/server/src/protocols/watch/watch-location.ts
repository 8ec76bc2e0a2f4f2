import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, cellTower, knotsFromKph, networkOf, setFix, utc, wifiAccessPoint } from '../position-builder.js';

const LOCATION = /^(\d\d)(\d\d)(\d\d),(\d\d)(\d\d)(\d\d),([AV]), *(-?\d+(?:\.\d+)?),([NS])?, *(-?\d+(?:\.\d+)?),([EW])?,(\d+\.?\d*),(\d+\.?\d*),(-?\d+\.?\d*),(\d+),(\d+),(\d+),(\d+),\d+,([0-9A-Fa-f]+),?([\s\S]*)$/;

/** The status word's alarm; the first matching bit wins. */
const alarmOf = (status: number): string | undefined => {
  const table: [number, string][] = [[0, Alarm.lowBattery], [1, Alarm.geofenceExit], [2, Alarm.geofenceEnter], [14, Alarm.powerCut], [16, Alarm.sos], [17, Alarm.lowBattery], [18, Alarm.geofenceExit], [19, Alarm.geofenceEnter], [20, Alarm.removing], [21, Alarm.fallDown], [22, Alarm.fallDown]];
  return table.find(([bit]) => Math.floor(status / 2 ** bit) % 2 === 1)?.[1];
};

const number = (value: string | undefined): number => (value !== undefined && /[a-fA-F]/.test(value) ? Number.parseInt(value, 16) : Number(value));

/** Cells (count, TA, MCC, MNC, then LAC/CID/RSSI) and Wi-Fi (count, then name/MAC/RSSI). */
const decodeNetwork = (position: DecodedPosition, text: string) => {
  const values = text.split(',');
  if (values.length >= 4 && /[a-fA-F]/.test(values[3]!)) return;
  let index = 0;
  const cells = [];
  const cellCount = Number(values[index++] ?? 0);
  if (cellCount > 0) {
    index++; // timing advance
    const mcc = Number(values[index++] || 0);
    const mnc = Number(values[index++] || 0);
    for (let i = 0; i < cellCount && index + 2 < values.length + 1; i++) {
      const lac = number(values[index++]);
      const cid = number(values[index++]);
      const rssi = values[index++];
      if (Number.isFinite(lac) && Number.isFinite(cid)) cells.push(cellTower(mcc, mnc, lac, cid, rssi ? Number(rssi) : undefined));
    }
  }
  const wifi = [];
  if (index < values.length && values[index] !== '') {
    const wifiCount = Number(values[index++]);
    for (let i = 0; i < wifiCount && index + 2 < values.length + 1; i++) {
      index++; // name
      const mac = values[index++] ?? '';
      const rssi = values[index++] ?? '';
      if (/^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/.test(mac) && rssi !== '') wifi.push(wifiAccessPoint(mac, Number(rssi)));
    }
  }
  position.network = networkOf(cells, wifi);
};

/** The location fields of UD/AL/WT messages; false when they do not parse. */
export const decodeLocation = (position: DecodedPosition, text: string): boolean => {
  const m = LOCATION.exec(text);
  if (!m) return false;
  const n = (i: number) => Number(m[i]);
  const latitude = m[9] === 'S' ? -Math.abs(n(8)) : n(8);
  const longitude = m[11] === 'W' ? -Math.abs(n(10)) : n(10);
  setFix(position, { time: utc(n(3), n(2), n(1), n(4), n(5), n(6)), valid: m[7] === 'A', latitude, longitude, speed: knotsFromKph(n(12)), course: n(13), altitude: n(14) });
  const a = position.attributes;
  a.sat = n(15);
  a.rssi = n(16);
  a.batteryLevel = n(17);
  a.steps = n(18);
  const status = Number.parseInt(m[19]!, 16);
  addAlarm(position, alarmOf(status));
  if (Math.floor(status / 16) % 2 === 1) a.motion = true;
  decodeNetwork(position, m[20] ?? '');
  return true;
};
