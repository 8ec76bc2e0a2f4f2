import { fromKnots } from '@tracklane/domain';
import { gt06Packet } from '../protocols/gt06/gt06.encoder.js';
import type { SimulatedFix } from './journey.js';
import { simulatedImei, type SimulatedProtocol } from './simulated-protocol.js';

const LOGIN = 0x01;
const LOCATION = 0x12;

/** The IMEI as the 8 BCD bytes of a login packet. */
const imeiBytes = (imei: string) => Buffer.from(imei.padStart(16, '0'), 'hex');

/** Date and time as the six bytes YY MM DD hh mm ss (UTC). */
const timeBytes = (time: Date) =>
  Buffer.from([time.getUTCFullYear() - 2000, time.getUTCMonth() + 1, time.getUTCDate(), time.getUTCHours(), time.getUTCMinutes(), time.getUTCSeconds()]);

/** A 0x12 location: time, satellites, position, speed, course with status flags, then a cell. */
export const gt06Location = (fix: SimulatedFix, time: Date, serial: number): Buffer => {
  const content = Buffer.alloc(6 + 1 + 4 + 4 + 1 + 2 + 8);
  timeBytes(time).copy(content, 0);
  content.writeUInt8(0xc9, 6); // GPS data length 12, 9 satellites
  content.writeUInt32BE(Math.round(Math.abs(fix.latitude) * 1_800_000), 7);
  content.writeUInt32BE(Math.round(Math.abs(fix.longitude) * 1_800_000), 11);
  content.writeUInt8(Math.min(255, Math.round(fromKnots(fix.speed, 'kmh'))), 15);
  const flags = 0x1000 | (fix.latitude >= 0 ? 0x0400 : 0) | (fix.longitude < 0 ? 0x0800 : 0) | 0x4000 | (fix.ignition ? 0x8000 : 0) | (Math.round(fix.course) % 360);
  content.writeUInt16BE(flags, 16);
  // cell: MCC 404 (India), MNC 10, LAC 1234, cell id 5678
  content.writeUInt16BE(404, 18);
  content.writeUInt8(10, 20);
  content.writeUInt16BE(1234, 21);
  content.writeUIntBE(5678, 23, 3);
  return gt06Packet(LOCATION, serial, content);
};

/** GT06 trackers: a login with the IMEI, then a 0x12 location per fix; the server answers both. */
export const gt06Simulated: SimulatedProtocol = {
  name: 'gt06',
  identifier: simulatedImei,
  login: (imei, connection) => ({ bytes: gt06Packet(LOGIN, connection.serial++, imeiBytes(imei)), answered: true }),
  location: (_imei, fix, time, connection) => ({ bytes: gt06Location(fix, time, connection.serial++ & 0xffff), answered: true }),
};
