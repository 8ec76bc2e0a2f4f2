import type { ProtocolCommands } from '../protocol-definition.js';
import { commandText } from '../command-fields.js';
import { crc16Arc } from '../transport/crc16.js';

/**
 * Codec 12: preamble 0, data length, codec `0C`, quantity 1, type `05` (command), text size, text,
 * quantity 1 again, then CRC-16/ARC over codec…quantity as 4 bytes (reference/protocols.md §3).
 */
const codec12 = (text: string): Buffer => {
  const ascii = Buffer.from(text, 'latin1');
  const packet = Buffer.alloc(8 + 8 + ascii.length + 4);
  packet.writeUInt32BE(8 + ascii.length, 4);
  packet.set([0x0c, 0x01, 0x05], 8);
  packet.writeUInt32BE(ascii.length, 11);
  ascii.copy(packet, 15);
  const end = 15 + ascii.length;
  packet[end] = 0x01;
  packet.writeUInt32BE(crc16Arc(packet, 8, end + 1), end + 1);
  return packet;
};

/** Teltonika devices take their SMS-style texts (`setdigout 1`, `getinfo`, …) as custom commands. */
export const teltonikaCommands: ProtocolCommands = {
  types: ['custom'],
  encode: (command) => (command.type === 'custom' ? codec12(commandText(command, 'data')) : undefined),
};
