import { crc16Arc } from '../transport/crc16.js';

/** IMEI accepted (`01`) or refused (`00`). */
export const teltonikaIdentificationReply = (accepted: boolean): Buffer => Buffer.from([accepted ? 0x01 : 0x00]);

/** TCP: the number of records accepted, as a 4-byte integer. */
export const teltonikaRecordsAck = (count: number): Buffer => {
  const reply = Buffer.alloc(4);
  reply.writeUInt32BE(count);
  return reply;
};

/** UDP: `00 05`, the packet id, `01`, the AVL packet id, the record count. */
export const teltonikaUdpAck = (packetId: number, avlPacketId: number, count: number): Buffer =>
  Buffer.from([0x00, 0x05, packetId >> 8, packetId & 0xff, 0x01, avlPacketId, count]);

/**
 * Codec 12 with one message of `type` (`05` command, `0D` camera): preamble 0, data length, codec
 * `0C`, quantity 1, type, content size, content, quantity 1 again, then CRC-16/ARC over
 * codec…quantity as 4 bytes (reference/protocols.md §3).
 */
export const teltonikaCodec12 = (type: number, content: Buffer): Buffer => {
  const packet = Buffer.alloc(8 + 8 + content.length + 4);
  packet.writeUInt32BE(8 + content.length, 4);
  packet.set([0x0c, 0x01, type], 8);
  packet.writeUInt32BE(content.length, 11);
  content.copy(packet, 15);
  const end = 15 + content.length;
  packet[end] = 0x01;
  packet.writeUInt32BE(crc16Arc(packet, 8, end + 1), end + 1);
  return packet;
};

/** Asks the camera for `size` bytes of photo `photoId` from `offset`: camera request `02`, id, offset, size. */
export const teltonikaPhotoRequest = (photoId: number, offset: number, size: number): Buffer => {
  const content = Buffer.alloc(11);
  content[0] = 0x02;
  content.writeUInt32BE(photoId, 1);
  content.writeUInt32BE(offset, 5);
  content.writeUInt16BE(size, 9);
  return teltonikaCodec12(0x0d, content);
};
