import type { DecodedPosition } from '../decoded-position.js';
import { knotsFromKph, setFix, setTime, utc } from '../position-builder.js';

const OBD = /^imei:(\d+),OBD,(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d),(\d+)?,(\d+\.\d+)?,(\d+\.\d+)?,(\d+)?,(\d+),(\d+\.?\d*%),(?:([-+]?\d+)|[-+]?),(\d+\.?\d*%),(\d+),(\d+\.\d+),([^;]*)/;
const ALTERNATIVE = /^imei:(\d+),[^,]+,(?:-+|([^,]+)),(?:-+|([^,]+)),(?:-+|([^,]+)),(\d\d)(\d\d)(\d\d),(\d\d)(\d\d)(\d\d),(\d+),(\d),(-?\d+\.\d+),(-?\d+\.\d+),(\d+),(\d+),(-?\d+),(\d+\.\d+),(\d+),([01]),([01]),(?:-+|([^,]+))/;

/** Engine data (`OBD`): odometer, consumption, hours, speed, load, coolant, throttle, rpm, battery, DTCs. */
export const decodeObd = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = OBD.exec(sentence);
  if (!m) return undefined;
  const n = (i: number) => Number(m[i]);
  setTime(position, utc(n(2), n(3), n(4), n(5), n(6), n(7)));
  const a = position.attributes;
  a.odometer = Number(m[8] ?? 0);
  a.fuelConsumption = Number(m[10] ?? 0);
  if (m[11] !== undefined) a.hours = n(11) * 3_600_000;
  a.obdSpeed = n(12);
  a.engineLoad = m[13];
  if (m[14] !== undefined) a.coolantTemp = n(14);
  a.throttle = m[15];
  a.rpm = n(16);
  a.battery = n(17);
  a.dtcs = m[18]!.replace(/,/g, ' ').trim();
  return m[1];
};

/** The `Equipo` layout: event, sensor, time hhmmss ddmmyy, decimal coordinates, km/h. */
export const decodeAlternative = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = ALTERNATIVE.exec(sentence);
  if (!m) return undefined;
  const n = (i: number) => Number(m[i]);
  const a = position.attributes;
  if (m[2]) a.event = m[2];
  if (m[3]) a.sensorId = m[3];
  if (m[4]) a.sensorVoltage = n(4);
  a.rssi = n(11);
  setFix(position, { time: utc(n(10), n(9), n(8), n(5), n(6), n(7)), valid: n(12) > 0, latitude: n(13), longitude: n(14), speed: knotsFromKph(n(15)), course: n(16), altitude: n(17) });
  a.hdop = n(18);
  a.sat = n(19);
  a.ignition = n(20) > 0;
  a.charge = n(21) > 0;
  if (m[22]) a.error = m[22];
  return m[1];
};
