import { fromKnots } from '@tracklane/domain';
import type { SimulatedFix } from './journey.js';
import { simulatedImei, utcFields, vehicleSupplyVolts, type SimulatedProtocol } from './simulated-protocol.js';

/** GV300 (model `06`), its protocol version as the device reports it. */
const PROTOCOL_VERSION = '060228';

/** Queclink times: `yyyyMMddHHmmss`, UTC. */
const queclinkTime = (time: Date): string => {
  const { month, day, hours, minutes, seconds } = utcFields(time);
  return `${time.getUTCFullYear()}${month}${day}${hours}${minutes}${seconds}`;
};

/**
 * Device status: the top byte is the motion state (`2x` ignition on, `1x` off; `x2` moving, `x1`
 * at rest), then the inputs and outputs bytes.
 */
export const gl200DeviceStatus = (fix: SimulatedFix): string => `${fix.ignition ? 2 : 1}${fix.motion ? 2 : 1}0000`;

/**
 * A `+RESP:GTFRI` fixed-interval report of a GV300: external power (mV), report type, one location
 * block (HDOP, speed km/h, azimuth, altitude, longitude, latitude, GPS time, cell), mileage, hour
 * meter, two ADCs, battery %, device status, then the send time and the count number.
 */
export const gl200FixedReport = (imei: string, fix: SimulatedFix, time: Date, count: number): Buffer => {
  const gpsTime = queclinkTime(time);
  const fields = [
    '+RESP:GTFRI',
    PROTOCOL_VERSION,
    imei,
    '', // device name
    String(Math.round(vehicleSupplyVolts(fix) * 1000)), // external power, mV
    '10', // report type: fixed interval
    '1', // location blocks
    '1', // HDOP; 0 would mean no fix
    fromKnots(fix.speed, 'kmh').toFixed(1),
    String(Math.round(fix.course) % 360),
    '45.0', // altitude
    fix.longitude.toFixed(6),
    fix.latitude.toFixed(6),
    gpsTime,
    '0460', // MCC
    '0000', // MNC
    '18D8', // LAC
    '6141', // cell id
    '00', // reserved
    '0.0', // mileage, km
    '', // hour meter
    '', // ADC 1
    '', // ADC 2
    String(fix.batteryLevel),
    gl200DeviceStatus(fix),
    '',
    '',
    '',
    gpsTime, // send time
    (count & 0xffff).toString(16).toUpperCase().padStart(4, '0'),
  ];
  return Buffer.from(`${fields.join(',')}$`, 'latin1');
};

/** Queclink GV300 trackers: no login, a `GTFRI` per fix over TCP or UDP, which the server does not answer (unless `gl200.ack`). */
export const gl200Simulated: SimulatedProtocol = {
  name: 'gl200',
  identifier: simulatedImei,
  location: (imei, fix, time, connection) => ({ bytes: gl200FixedReport(imei, fix, time, connection.serial++), answered: false }),
  udpLocation: (imei, fix, time, connection) => ({ bytes: gl200FixedReport(imei, fix, time, connection.serial++), answered: false }),
};
