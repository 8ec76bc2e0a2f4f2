import { fromKnots } from '@tracklane/domain';
import { crc16Arc } from '../protocols/transport/crc16.js';
import type { SimulatedFix } from './journey.js';
import { simulatedImei, type SimulatedProtocol } from './simulated-protocol.js';

const CODEC_8 = 0x08;
// Teltonika IO ids every model reports alike: ignition, movement, GSM signal, battery voltage (mV)
const IO_IGNITION = 239;
const IO_MOVEMENT = 240;
const IO_GSM_SIGNAL = 21;
const IO_BATTERY_VOLTAGE = 67;

/** A Li-ion cell between 3.4 V (empty) and 4.2 V (full). */
export const batteryMillivolts = (level: number): number => Math.round(3400 + level * 8);

/** The identification a tracker sends first: the IMEI as ASCII behind its 2-byte length. */
export const teltonikaIdentification = (imei: string): Buffer => {
  const text = Buffer.from(imei, 'ascii');
  const packet = Buffer.alloc(2 + text.length);
  packet.writeUInt16BE(text.length, 0);
  text.copy(packet, 2);
  return packet;
};

/** One codec 8 AVL record: GPS element, three one-byte and one two-byte IO elements. */
const avlRecord = (fix: SimulatedFix, time: Date): Buffer => {
  const record = Buffer.alloc(8 + 1 + 15 + 2 + (1 + 3 * 2) + (1 + 3) + 1 + 1);
  let offset = record.writeBigUInt64BE(BigInt(time.getTime()), 0);
  offset = record.writeUInt8(0, offset); // priority: low
  offset = record.writeInt32BE(Math.round(fix.longitude * 1e7), offset);
  offset = record.writeInt32BE(Math.round(fix.latitude * 1e7), offset);
  offset = record.writeInt16BE(220, offset); // altitude
  offset = record.writeUInt16BE(Math.round(fix.course) % 360, offset);
  offset = record.writeUInt8(9, offset); // satellites
  offset = record.writeUInt16BE(Math.round(fromKnots(fix.speed, 'kmh')), offset);
  offset = record.writeUInt8(0, offset); // event IO id: periodic record
  offset = record.writeUInt8(4, offset); // IO elements in all
  offset = record.writeUInt8(3, offset); // one byte long
  for (const [id, value] of [[IO_IGNITION, fix.ignition ? 1 : 0], [IO_MOVEMENT, fix.motion ? 1 : 0], [IO_GSM_SIGNAL, 4]] as const) {
    offset = record.writeUInt8(id, offset);
    offset = record.writeUInt8(value, offset);
  }
  offset = record.writeUInt8(1, offset); // two bytes long
  offset = record.writeUInt8(IO_BATTERY_VOLTAGE, offset);
  offset = record.writeUInt16BE(batteryMillivolts(fix.batteryLevel), offset);
  record.fill(0, offset); // no 4- or 8-byte elements
  return record;
};

/** Codec 8 data: codec id, record count, the records, the count again. */
const avlData = (records: { fix: SimulatedFix; time: Date }[]): Buffer => {
  const count = Buffer.from([records.length]);
  return Buffer.concat([Buffer.from([CODEC_8]), count, ...records.map(({ fix, time }) => avlRecord(fix, time)), count]);
};

/** A TCP AVL packet of codec 8 records; the server answers with the number of records it stored. */
export const teltonikaAvlPacket = (records: { fix: SimulatedFix; time: Date }[]): Buffer => {
  const data = avlData(records);
  const packet = Buffer.alloc(8 + data.length + 4);
  packet.writeUInt32BE(data.length, 4);
  data.copy(packet, 8);
  packet.writeUInt32BE(crc16Arc(data), 8 + data.length);
  return packet;
};

const UDP_AVL_PACKET = 0x01;

/** A UDP datagram: length, packet id, type, AVL packet id, the IMEI behind its length, then codec 8 data; no CRC. */
export const teltonikaUdpPacket = (imei: string, packetId: number, records: { fix: SimulatedFix; time: Date }[]): Buffer => {
  const header = Buffer.alloc(2 + 1 + 1);
  header.writeUInt16BE(packetId & 0xffff, 0);
  header.writeUInt8(UDP_AVL_PACKET, 2);
  header.writeUInt8(packetId & 0xff, 3);
  const body = Buffer.concat([header, teltonikaIdentification(imei), avlData(records)]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length, 0);
  return Buffer.concat([length, body]);
};

/**
 * Teltonika trackers: identification first (answered `01`), then an AVL packet per fix, answered
 * with the number of records the server stored; over UDP a datagram per fix, answered alike.
 */
export const teltonikaSimulated: SimulatedProtocol = {
  name: 'teltonika',
  identifier: simulatedImei,
  login: (imei) => ({ bytes: teltonikaIdentification(imei), answered: true }),
  location: (_imei, fix, time) => ({ bytes: teltonikaAvlPacket([{ fix, time }]), answered: true }),
  udpLocation: (imei, fix, time, connection) => ({ bytes: teltonikaUdpPacket(imei, connection.serial++, [{ fix, time }]), answered: true }),
};
