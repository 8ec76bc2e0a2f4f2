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

/** Files (command 37): the device sends a photo in parts, each asked for by the server. */
export const RUPTELA_FILES = 37;
/** The sub-command of a file part, in the device's parts and the server's requests for them. */
export const RUPTELA_FILE_PART = 2;

/** Asks for part `index` of the file the device named with 8 bytes, from the camera `source`. */
export const ruptelaFilePartRequest = (source: number, file: Buffer, index: number): Buffer => {
  const content = Buffer.alloc(2 + file.length + 2);
  content.writeUInt8(RUPTELA_FILE_PART, 0);
  content.writeUInt8(source, 1);
  file.copy(content, 2);
  content.writeUInt16BE(index, 2 + file.length);
  return ruptelaPacket(RUPTELA_REPLY_OFFSET + RUPTELA_FILES, content);
};
