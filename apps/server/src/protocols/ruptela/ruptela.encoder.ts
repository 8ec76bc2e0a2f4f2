import { crc16Kermit } from '../transport/crc16.js';

/** Server commands answer device commands with the device's command + 100. */
export const RUPTELA_REPLY_OFFSET = 100;

/** `[length][payload][CRC-16/KERMIT]`: the framing of the server's packets and the device's alike. */
export const ruptelaFrame = (payload: Buffer): Buffer => {
  const frame = Buffer.alloc(payload.length + 4);
  frame.writeUInt16BE(payload.length, 0);
  payload.copy(frame, 2);
  frame.writeUInt16BE(crc16Kermit(payload), payload.length + 2);
  return frame;
};

/** A server packet: `[length][command][content][CRC-16/KERMIT]`. */
export const ruptelaPacket = (command: number, content: Buffer): Buffer => ruptelaFrame(Buffer.concat([Buffer.from([command]), content]));

/** "Accepted" reply to a device command (records, DTCs, identification, heartbeat). */
export const ruptelaAccept = (deviceCommand: number): Buffer => ruptelaPacket(deviceCommand + RUPTELA_REPLY_OFFSET, Buffer.from([1]));

/** Records (commands 1 and 68) are accepted with command 100 itself. */
export const ruptelaRecordsAck = (): Buffer => ruptelaPacket(RUPTELA_REPLY_OFFSET, Buffer.from([1]));
