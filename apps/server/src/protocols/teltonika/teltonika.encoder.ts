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
