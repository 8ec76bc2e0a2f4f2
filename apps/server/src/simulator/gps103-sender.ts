import type { SimulatedFix } from './journey.js';
import { degreesMinutes, simulatedImei, utcFields, type SimulatedProtocol } from './simulated-protocol.js';

/** The handshake a Coban tracker sends on connecting, answered `LOAD`. */
export const gps103Handshake = (imei: string): Buffer => Buffer.from(`##,imei:${imei},A;`, 'latin1');

/**
 * A `tracker` report: local date-time (the tracker set to UTC), no phone, `F` (GPS fix), UTC time,
 * validity, `ddmm.mmmm` coordinates, speed in knots, course, then altitude, ACC (ignition), door,
 * fuel and temperature, all but ACC empty as on a tracker without those sensors.
 */
export const gps103Report = (imei: string, fix: SimulatedFix, time: Date): Buffer => {
  const { year, month, day, hours, minutes, seconds } = utcFields(time);
  const latitude = degreesMinutes(fix.latitude, 2);
  const longitude = degreesMinutes(fix.longitude, 3);
  const fields = [
    `imei:${imei}`,
    'tracker',
    `${year}${month}${day}${hours}${minutes}${seconds}`,
    '',
    'F',
    `${hours}${minutes}${seconds}.000`,
    'A',
    latitude.text,
    latitude.hemisphere,
    longitude.text,
    longitude.hemisphere,
    fix.speed.toFixed(2),
    fix.course.toFixed(2),
    '', // altitude
    fix.ignition ? '1' : '0',
    '', // door: no sensor
    '', // fuel 1
    '', // fuel 2
    '', // temperature
  ];
  return Buffer.from(`${fields.join(',')};`, 'latin1');
};

/**
 * Coban TK103/TK303 trackers: the `##` handshake (answered `LOAD`), then a `tracker` report per fix,
 * which the server does not answer; over UDP the reports alone.
 */
export const gps103Simulated: SimulatedProtocol = {
  name: 'gps103',
  identifier: simulatedImei,
  login: (imei) => ({ bytes: gps103Handshake(imei), answered: true }),
  location: (imei, fix, time) => ({ bytes: gps103Report(imei, fix, time), answered: false }),
  udpLocation: (imei, fix, time) => ({ bytes: gps103Report(imei, fix, time), answered: false }),
};
