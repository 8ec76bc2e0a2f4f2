import { crc16X25 } from '../transport/crc16.js';

const EMPTY = Buffer.alloc(0);

/**
 * A server packet: `78 78` + length (or `79 79` + 2-byte length), type, content, serial, CRC-16/X-25
 * over length…serial, `0D 0A` (reference/protocols.md §2).
 */
export const gt06Packet = (type: number, serial: number, content: Buffer = EMPTY, extended = false): Buffer => {
  const length = 5 + content.length;
  const start = extended ? 4 : 3;
  const packet = Buffer.allocUnsafe(start + length + 2);
  packet.writeUInt16BE(extended ? 0x7979 : 0x7878, 0);
  if (extended) packet.writeUInt16BE(length, 2);
  else packet[2] = length;
  packet[start] = type;
  // an acknowledgement (one a position) has no content
  if (content.length > 0) content.copy(packet, start + 1);
  const end = packet.writeUInt16BE(serial, start + 1 + content.length);
  packet.writeUInt16BE(crc16X25(packet, 2, end), end);
  packet.writeUInt16BE(0x0d0a, end + 2);
  return packet;
};

/** The generic acknowledgement: same type, the serial the device sent. */
export const gt06Ack = (type: number, serial: number): Buffer => gt06Packet(type, serial);

/** Reply to a time request (0x8A): UTC YY MM DD hh mm ss, serial 0. */
export const gt06TimeResponse = (now: number): Buffer => {
  const date = new Date(now);
  return gt06Packet(0x8a, 0, Buffer.from([date.getUTCFullYear() - 2000, date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()]));
};

/** Reply to Wi-Fi packets 0x17/0x69: `78 78 00 <type> <the 6 BCD time bytes> 0D 0A`, without CRC. */
export const gt06WifiAck = (type: number, time: Buffer): Buffer => Buffer.concat([Buffer.from([0x78, 0x78, 0x00, type]), time, Buffer.from([0x0d, 0x0a])]);

/** Reply to a GK310 address request (0x2A): an extended 0x97 packet saying no address is known. */
export const gt06AddressResponse = (): Buffer => {
  const text = Buffer.from('NA&&NA&&0##', 'ascii');
  return gt06Packet(0x97, 0, Buffer.concat([Buffer.from([text.length, 0, 0, 0, 0]), text]), true);
};

/** The most photo bytes asked for at once, as Traccar asks X1 cameras for them. */
export const GT06_PHOTO_CHUNK = 1024;

/**
 * Asks an X1 camera for the next part of a photo: a `78 78` 0x36 packet with the picture id, the
 * offset of the part and its length (4, 4 and 2 bytes), serial 0.
 */
export const gt06PhotoRequest = (pictureId: number, offset: number, length: number): Buffer => {
  const content = Buffer.alloc(10);
  content.writeUInt32BE(pictureId, 0);
  content.writeUInt32BE(offset, 4);
  content.writeUInt16BE(length, 8);
  return gt06Packet(0x36, 0, content);
};
