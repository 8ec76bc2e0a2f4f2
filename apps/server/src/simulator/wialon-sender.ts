import { fromKnots } from '@tracklane/domain';
import { crc16Arc } from '../protocols/transport/crc16.js';
import type { SimulatedFix } from './journey.js';
import { degreesMinutes, simulatedImei, utcFields, vehicleSupplyVolts, type SimulatedProtocol } from './simulated-protocol.js';

/** Version 2.0's checksum: CRC-16/ARC of the packet's body, in hex after its last `;`. */
const withChecksum = (body: string): string => `${body}${crc16Arc(Buffer.from(body, 'utf8')).toString(16).toUpperCase().padStart(4, '0')}`;

/** `#L#2.0;<imei>;NA;<crc>`: a version 2.0 login without a password, answered `#AL#1`. */
export const wialonLogin = (imei: string): Buffer => Buffer.from(`#L#${withChecksum(`2.0;${imei};NA;`)}\r\n`, 'utf8');

/**
 * The body of an extended data packet: UTC date and time, `ddmm.mmmm` coordinates, speed in km/h,
 * course, height, satellites, HDOP, inputs (bit 0 the ignition), no outputs, ADC or iButton, and the
 * supply voltage and battery level as params.
 */
const extendedData = (fix: SimulatedFix, time: Date): string => {
  const { year, month, day, hours, minutes, seconds } = utcFields(time);
  const latitude = degreesMinutes(fix.latitude, 2);
  const longitude = degreesMinutes(fix.longitude, 3);
  const params = `pwr_ext:2:${vehicleSupplyVolts(fix).toFixed(1)},battery:1:${fix.batteryLevel}`;
  return [
    `${day}${month}${year}`, `${hours}${minutes}${seconds}`,
    latitude.text, latitude.hemisphere, longitude.text, longitude.hemisphere,
    fromKnots(fix.speed, 'kmh').toFixed(1), Math.round(fix.course) % 360, 216, 9, '0.9',
    fix.ignition ? 1 : 0, 0, 'NA', 'NA', params, '',
  ].join(';');
};

/** `#D#<data>;<crc>`, answered `#AD#1` once stored. */
export const wialonData = (fix: SimulatedFix, time: Date): Buffer => Buffer.from(`#D#${withChecksum(extendedData(fix, time))}\r\n`, 'utf8');

/**
 * Wialon IPS 2.0 trackers: a login on each new connection, then an extended data packet per fix,
 * each answered; over UDP every datagram names its tracker (`2.0;<imei>#D#…`), and is answered too.
 */
export const wialonSimulated: SimulatedProtocol = {
  name: 'wialon',
  identifier: simulatedImei,
  login: (imei) => ({ bytes: wialonLogin(imei), answered: true }),
  location: (_imei, fix, time) => ({ bytes: wialonData(fix, time), answered: true }),
  udpLocation: (imei, fix, time) => ({ bytes: Buffer.from(`2.0;${imei}${wialonData(fix, time).toString('utf8')}`, 'utf8'), answered: true }),
};
