import { fromKnots } from '@tracklane/domain';
import { DEVICE_OFFSET_MS } from '../protocols/jt808/jt808-location.decoder.js';
import { jt808Packet } from '../protocols/jt808/jt808.encoder.js';
import type { SimulatedFix } from './journey.js';
import { utcFields, type SimulatedProtocol } from './simulated-protocol.js';

const AUTHENTICATION = 0x0102;
const LOCATION = 0x0200;
const STATUS_ACC = 1 << 0;
const STATUS_POSITIONED = 1 << 1;
const STATUS_SOUTH = 1 << 2;
const STATUS_WEST = 1 << 3;
// additional items: GSM signal, GNSS satellites, and the battery item `E4` (charging flag, percentage)
const ITEM_RSSI = 0x30;
const ITEM_SATELLITES = 0x31;
const ITEM_BATTERY = 0xe4;
const CHARGING = 0x00;
const NOT_CHARGING = 0x01;

/** A 12-digit terminal phone number numbered from 100000000001, the ID a terminal carries in every header. */
export const jt808TerminalId = (index: number): string => String(100_000_000_001 + index);

/** The terminal ID as the header's 6 BCD bytes. */
const phoneBytes = (id: string) => Buffer.from(id.padStart(12, '0'), 'hex');

/** `YYMMDDhhmmss` in BCD, on the China Standard Time clock terminals keep. */
const deviceTimeBytes = (time: Date) => {
  const { year, month, day, hours, minutes, seconds } = utcFields(new Date(time.getTime() + DEVICE_OFFSET_MS));
  return Buffer.from(`${year}${month}${day}${hours}${minutes}${seconds}`, 'hex');
};

const item = (id: number, value: number[]) => Buffer.from([id, value.length, ...value]);

/** A 0x0200 location body: alarm flags, status, position, altitude, speed, course, time, then additional items. */
export const jt808LocationBody = (fix: SimulatedFix, time: Date): Buffer => {
  const basic = Buffer.alloc(4 + 4 + 4 + 4 + 2 + 2 + 2);
  let offset = basic.writeUInt32BE(0, 0); // no alarm
  const status = (fix.ignition ? STATUS_ACC : 0) | STATUS_POSITIONED | (fix.latitude < 0 ? STATUS_SOUTH : 0) | (fix.longitude < 0 ? STATUS_WEST : 0);
  offset = basic.writeUInt32BE(status, offset);
  offset = basic.writeUInt32BE(Math.round(Math.abs(fix.latitude) * 1e6), offset);
  offset = basic.writeUInt32BE(Math.round(Math.abs(fix.longitude) * 1e6), offset);
  offset = basic.writeInt16BE(45, offset); // altitude, metres
  offset = basic.writeUInt16BE(Math.round(fromKnots(fix.speed, 'kmh') * 10), offset);
  basic.writeUInt16BE(Math.round(fix.course) % 360, offset);
  // a vehicle's running engine charges the terminal's battery
  const battery = item(ITEM_BATTERY, [fix.ignition ? CHARGING : NOT_CHARGING, fix.batteryLevel]);
  return Buffer.concat([basic, deviceTimeBytes(time), item(ITEM_RSSI, [24]), item(ITEM_SATELLITES, [9]), battery]);
};

/**
 * JT/T 808 terminals (2013 header): on each connection an authentication with the code the server
 * gave at registration (its ID, as Traccar gives it), then a 0x0200 location per fix; the server
 * answers both with a 0x8001 general response. The terminal number in every header identifies it,
 * so a terminal the server already knows needs no registration first.
 */
export const jt808Simulated: SimulatedProtocol = {
  name: 'jt808',
  identifier: jt808TerminalId,
  login: (id, connection) => ({ bytes: jt808Packet(AUTHENTICATION, { phone: phoneBytes(id) }, Buffer.from(id, 'ascii'), connection.serial++), answered: true }),
  location: (id, fix, time, connection) => ({ bytes: jt808Packet(LOCATION, { phone: phoneBytes(id) }, jt808LocationBody(fix, time), connection.serial++ & 0xffff), answered: true }),
};
