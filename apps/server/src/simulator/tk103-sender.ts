import { fromKnots } from '@tracklane/domain';
import type { SimulatedFix } from './journey.js';
import { degreesMinutes, utcFields, type SimulatedConnection, type SimulatedProtocol } from './simulated-protocol.js';

/** The 12-digit ID these trackers carry, `0` + an 11-digit device number, numbered from 013600000001. */
export const simulatedTk103Id = (index: number): string => `0${13_600_000_000 + index + 1}`;

/**
 * The location part shared by `BP05` and `BR00`: date, validity, `ddmm.mmmm` coordinates, speed in
 * km/h, UTC time, course, state (main power on, ignition, no inputs, no fuel sensor) and odometer.
 */
const locationData = (fix: SimulatedFix, time: Date): string => {
  const { year, month, day, hours, minutes, seconds } = utcFields(time);
  const latitude = degreesMinutes(fix.latitude, 2);
  const longitude = degreesMinutes(fix.longitude, 3);
  return [
    `${year}${month}${day}A`,
    `${latitude.text}${latitude.hemisphere}`,
    `${longitude.text}${longitude.hemisphere}`,
    fromKnots(fix.speed, 'kmh').toFixed(1).padStart(5, '0'),
    `${hours}${minutes}${seconds}`,
    fix.course.toFixed(2).padStart(6, '0'),
    `0${fix.ignition ? 1 : 0}000000`,
    'L00000000',
  ].join('');
};

/** The `BP05` login that opens a connection: the ID, the 15-digit device number (the ID padded), then the location. */
export const tk103Login = (id: string, fix: SimulatedFix, time: Date): Buffer =>
  Buffer.from(`(${id}BP05${id.padStart(15, '0')}${locationData(fix, time)})`, 'latin1');

/** A `BR00` periodic location. */
export const tk103Location = (id: string, fix: SimulatedFix, time: Date): Buffer => Buffer.from(`(${id}BR00${locationData(fix, time)})`, 'latin1');

// the login carries the first fix, so it is sent from `location`, not `login` (which has no fix)
const firstOnConnection = (connection: SimulatedConnection): boolean => connection.serial++ === 1;

/**
 * TK103 clones (TK103-2, Xexun style): on a new connection the first fix goes out as a `BP05` login
 * (answered `AP05`), every later one as a `BR00`, which the server does not answer; over UDP, each
 * fix is a `BR00`.
 */
export const tk103Simulated: SimulatedProtocol = {
  name: 'tk103',
  identifier: simulatedTk103Id,
  location: (id, fix, time, connection) =>
    firstOnConnection(connection) ? { bytes: tk103Login(id, fix, time), answered: true } : { bytes: tk103Location(id, fix, time), answered: false },
  udpLocation: (id, fix, time) => ({ bytes: tk103Location(id, fix, time), answered: false }),
};
