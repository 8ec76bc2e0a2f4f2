import { fromKnots } from '@tracklane/domain';
import type { SimulatedFix } from './journey.js';
import { utcFields, type SimulatedProtocol } from './simulated-protocol.js';

const MODEL = '03';
const FIRMWARE = '374';
// location area 3f2 (hex) and serving cell BSIC 17, as the CELL field writes them
const CELL = '3f217';
/** Main power of a vehicle's 12 V system, in volts. */
export const SUNTECH_SUPPLY_VOLTS = 12.6;
const MODE_IDLE = 1;
const MODE_ACTIVE = 2;

/** A 9-digit device ID numbered from 205000001, as ST300 units carry. */
export const suntechDeviceId = (index: number): string => String(205_000_001 + index);

/** Signed decimal degrees with six decimals and a fixed number of integer digits: `+04.645710`, `-074.078525`. */
const signedDegrees = (value: number, digits: 2 | 3) => `${value < 0 ? '-' : '+'}${Math.abs(value).toFixed(6).padStart(digits + 7, '0')}`;

/**
 * An ST300 status report `ST300STT;DEV_ID;MODEL;SW_VER;DATE;TIME;CELL;LAT;LON;SPD;CRS;SATT;FIX;DIST;PWR_VOLT;I/O;MODE;MSG_NUM`
 * ending in `\r`; without the hour meter and backup battery fields, which units add only when set to (HBM).
 */
export const suntechStatusReport = (id: string, fix: SimulatedFix, time: Date, serial: number): Buffer => {
  const { month, day, hours, minutes, seconds } = utcFields(time);
  const fields = [
    'ST300STT',
    id,
    MODEL,
    FIRMWARE,
    `${time.getUTCFullYear()}${month}${day}`,
    `${hours}:${minutes}:${seconds}`,
    CELL,
    signedDegrees(fix.latitude, 2),
    signedDegrees(fix.longitude, 3),
    fromKnots(fix.speed, 'kmh').toFixed(3).padStart(7, '0'),
    (Math.round(fix.course) % 360).toFixed(2).padStart(6, '0'),
    '9', // satellites
    '1', // GPS fixed
    '0', // travelled distance: not counted by this unit
    SUNTECH_SUPPLY_VOLTS.toFixed(2),
    `${fix.ignition ? 1 : 0}00000`, // ignition, inputs 1-3, outputs 1-2
    String(fix.motion ? MODE_ACTIVE : MODE_IDLE),
    String(serial % 10_000).padStart(4, '0'),
  ];
  return Buffer.from(`${fields.join(';')}\r`, 'latin1');
};

/** Suntech ST300 units: no login, a status report per fix; the server answers none of them. */
export const suntechSimulated: SimulatedProtocol = {
  name: 'suntech',
  identifier: suntechDeviceId,
  location: (id, fix, time, connection) => ({ bytes: suntechStatusReport(id, fix, time, connection.serial++), answered: false }),
};
