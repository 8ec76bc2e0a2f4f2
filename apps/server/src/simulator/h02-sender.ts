import type { SimulatedFix } from './journey.js';
import { degreesMinutes, utcFields, type SimulatedProtocol } from './simulated-protocol.js';

// the status word is active-low for alarms: all ones but bit 10 (ignition, active-high) means no alarm, engine off
const STATUS_IGNITION_OFF = 0xfffffbff;
const STATUS_IGNITION = 1 << 10;

/** A 10-digit device ID numbered from 9170000001, the form Sinotrack (ST-90x) units carry. */
export const simulatedH02Id = (index: number): string => String(9_170_000_000 + index + 1);

/** The 32-bit status word: no alarm, ignition from the fix. */
export const h02Status = (fix: SimulatedFix): string => ((STATUS_IGNITION_OFF | (fix.ignition ? STATUS_IGNITION : 0)) >>> 0).toString(16).toUpperCase();

/** A `V1` location: UTC time, validity, `ddmm.mmmm` coordinates, speed in knots, course, date, status word. */
export const h02Location = (id: string, fix: SimulatedFix, time: Date): Buffer => {
  const { year, month, day, hours, minutes, seconds } = utcFields(time);
  const latitude = degreesMinutes(fix.latitude, 2);
  const longitude = degreesMinutes(fix.longitude, 3);
  const fields = [
    '*HQ',
    id,
    'V1',
    `${hours}${minutes}${seconds}`,
    'A',
    latitude.text,
    latitude.hemisphere,
    longitude.text,
    longitude.hemisphere,
    fix.speed.toFixed(2).padStart(6, '0'),
    String(Math.round(fix.course) % 360).padStart(3, '0'),
    `${day}${month}${year}`,
    h02Status(fix),
  ];
  return Buffer.from(`${fields.join(',')}#`, 'latin1');
};

/** H02 (Sinotrack) trackers: no login, a `V1` per fix over TCP or UDP, answered `V4,V1` with the server time. */
export const h02Simulated: SimulatedProtocol = {
  name: 'h02',
  identifier: simulatedH02Id,
  location: (id, fix, time) => ({ bytes: h02Location(id, fix, time), answered: true }),
  udpLocation: (id, fix, time) => ({ bytes: h02Location(id, fix, time), answered: true }),
};
