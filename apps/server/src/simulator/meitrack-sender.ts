import { fromKnots } from '@tracklane/domain';
import { meitrackChecksum } from '../protocols/meitrack/meitrack.encoder.js';
import type { SimulatedFix } from './journey.js';
import { simulatedImei, utcFields, vehicleSupplyVolts, type SimulatedProtocol } from './simulated-protocol.js';
import { batteryMillivolts } from './teltonika-sender.js';

const TIME_INTERVAL_EVENT = 35;
// input 2 is the ignition (ACC) sense line on Meitrack vehicle trackers
const INPUT_IGNITION = 0x02;

/** `$$<flag><length>,<imei>,<command>,<data>*<checksum>\r\n`, the length counting from the first comma through CRLF. */
export const meitrackFrame = (flag: string, imei: string, command: string, data: string): Buffer => {
  const tail = `,${imei},${command},${data}*`;
  const head = `$$${flag}${tail.length + 4}`;
  return Buffer.from(`${head}${tail}${meitrackChecksum(head + tail)}\r\n`, 'latin1');
};

/** Hex volts in hundredths, as newer models (T366, T333) write battery and power. */
const hundredths = (volts: number) => Math.round(volts * 100).toString(16).toUpperCase().padStart(4, '0');

/**
 * An `AAA` timed report: event, position, UTC time, validity, satellites, GSM signal, speed km/h,
 * direction, HDOP, altitude, mileage, runtime, cell, I/O state, analog block, then the protocol version.
 */
export const meitrackReport = (imei: string, fix: SimulatedFix, time: Date, serial: number): Buffer => {
  const { year, month, day, hours, minutes, seconds } = utcFields(time);
  const io = (fix.ignition ? INPUT_IGNITION : 0).toString(16).toUpperCase().padStart(2, '0');
  const fields = [
    TIME_INTERVAL_EVENT,
    fix.latitude.toFixed(6),
    fix.longitude.toFixed(6),
    `${year}${month}${day}${hours}${minutes}${seconds}`,
    'A',
    9, // satellites
    20, // GSM signal
    Math.round(fromKnots(fix.speed, 'kmh')),
    Math.round(fix.course) % 360,
    '0.9', // HDOP
    45, // altitude
    0, // mileage, m
    0, // runtime, s
    '460|0|18D8|6141',
    `${io}00`, // inputs, outputs
    `0000|0000|0000|${hundredths(batteryMillivolts(fix.batteryLevel) / 1000)}|${hundredths(vehicleSupplyVolts(fix))}`,
    '', // event data
    '', // custom data
    3, // protocol version
  ];
  // flag: a sequence letter A…Z
  return meitrackFrame(String.fromCharCode(0x41 + (serial % 26)), imei, 'AAA', fields.join(','));
};

/** Meitrack trackers: no login, an `AAA` report per fix over TCP or UDP, which the server does not answer. */
export const meitrackSimulated: SimulatedProtocol = {
  name: 'meitrack',
  identifier: simulatedImei,
  location: (imei, fix, time, connection) => ({ bytes: meitrackReport(imei, fix, time, connection.serial++), answered: false }),
  udpLocation: (imei, fix, time, connection) => ({ bytes: meitrackReport(imei, fix, time, connection.serial++), answered: false }),
};
