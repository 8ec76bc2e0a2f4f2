import type { OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandText, entryOf, hexData, typesOf, type CommandTable } from '../command-fields.js';
import { crc16Arc } from '../transport/crc16.js';

/**
 * Codec 12: preamble 0, data length, codec `0C`, quantity 1, type `05` (command), content size,
 * content, quantity 1 again, then CRC-16/ARC over codec…quantity as 4 bytes (reference/protocols.md §3).
 */
const codec12 = (content: Buffer): Buffer => {
  const packet = Buffer.alloc(8 + 8 + content.length + 4);
  packet.writeUInt32BE(8 + content.length, 4);
  packet.set([0x0c, 0x01, 0x05], 8);
  packet.writeUInt32BE(content.length, 11);
  content.copy(packet, 15);
  const end = 15 + content.length;
  packet[end] = 0x01;
  packet.writeUInt32BE(crc16Arc(packet, 8, end + 1), end + 1);
  return packet;
};

/** A custom command written in hex is sent as those bytes (a serial or CAN frame the device passes on), any other as its text. */
const customContent = (data: string): Buffer => hexData(data) ?? Buffer.from(data, 'latin1');

const CONTENTS: CommandTable<(command: OutgoingCommand) => Buffer> = {
  custom: (command) => customContent(commandText(command, 'data')),
  // digital output 1, which an immobiliser relay is wired to
  engineStop: () => Buffer.from('setdigout 1', 'latin1'),
  engineResume: () => Buffer.from('setdigout 0', 'latin1'),
};

/** Teltonika devices take their SMS-style texts (`setdigout 1`, `getinfo`, …) and hex data as custom commands, in codec 12. */
export const teltonikaCommands: ProtocolCommands = {
  types: typesOf(CONTENTS),
  encode: (command) => {
    const content = entryOf(CONTENTS, command.type);
    return content ? codec12(content(command)) : undefined;
  },
};
