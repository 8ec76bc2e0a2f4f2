import { fromKnots } from '@tracklane/domain';
import { ruptelaFrame } from '../protocols/ruptela/ruptela.encoder.js';
import type { SimulatedFix } from './journey.js';
import { simulatedImei, type SimulatedProtocol } from './simulated-protocol.js';
import { batteryMillivolts } from './teltonika-sender.js';

const RECORDS = 1;
// IO ids our decoder maps: ignition, external supply (mV), internal battery (mV)
const IO_IGNITION = 251;
const IO_POWER = 29;
const IO_BATTERY = 30;
/** A vehicle's 12 V supply, in millivolts. */
export const RUPTELA_SUPPLY_MILLIVOLTS = 12_600;

/** `[length][IMEI 8][command][data][CRC-16/KERMIT]`. */
const devicePacket = (imei: string, command: number, data: Buffer): Buffer => {
  const payload = Buffer.alloc(8 + 1 + data.length);
  payload.writeBigUInt64BE(BigInt(imei), 0);
  payload.writeUInt8(command, 8);
  data.copy(payload, 9);
  return ruptelaFrame(payload);
};

/** One command 1 record: time, position, then IO groups of 1-, 2-, 4- and 8-byte values. */
const record = (fix: SimulatedFix, time: Date): Buffer => {
  const data = Buffer.alloc(4 + 1 + 1 + 4 + 4 + 2 + 2 + 1 + 2 + 1 + 1 + (1 + 2) + (1 + 2 * 3) + 1 + 1);
  let offset = data.writeUInt32BE(Math.floor(time.getTime() / 1000), 0);
  offset = data.writeUInt8(0, offset); // timestamp extension
  offset = data.writeUInt8(0, offset); // priority: low
  offset = data.writeInt32BE(Math.round(fix.longitude * 1e7), offset);
  offset = data.writeInt32BE(Math.round(fix.latitude * 1e7), offset);
  offset = data.writeUInt16BE(450, offset); // altitude, decimetres
  offset = data.writeUInt16BE(Math.round(fix.course * 100) % 36_000, offset);
  offset = data.writeUInt8(9, offset); // satellites
  offset = data.writeUInt16BE(Math.round(fromKnots(fix.speed, 'kmh')), offset);
  offset = data.writeUInt8(9, offset); // HDOP in tenths
  offset = data.writeUInt8(0, offset); // event: periodic record
  offset = data.writeUInt8(1, offset); // one 1-byte value
  offset = data.writeUInt8(IO_IGNITION, offset);
  offset = data.writeUInt8(fix.ignition ? 1 : 0, offset);
  offset = data.writeUInt8(2, offset); // two 2-byte values
  offset = data.writeUInt8(IO_POWER, offset);
  offset = data.writeUInt16BE(RUPTELA_SUPPLY_MILLIVOLTS, offset);
  offset = data.writeUInt8(IO_BATTERY, offset);
  offset = data.writeUInt16BE(batteryMillivolts(fix.batteryLevel), offset);
  data.fill(0, offset); // no 4- or 8-byte values
  return data;
};

/** A command 1 packet: records left to send, the record count, then the records. */
export const ruptelaRecordsPacket = (imei: string, records: { fix: SimulatedFix; time: Date }[]): Buffer =>
  devicePacket(imei, RECORDS, Buffer.concat([Buffer.from([0, records.length]), ...records.map(({ fix, time }) => record(fix, time))]));

/** Ruptela trackers: the IMEI in every packet, no login; a records packet per fix, which the server accepts. */
export const ruptelaSimulated: SimulatedProtocol = {
  name: 'ruptela',
  identifier: simulatedImei,
  location: (imei, fix, time) => ({ bytes: ruptelaRecordsPacket(imei, [{ fix, time }]), answered: true }),
};
