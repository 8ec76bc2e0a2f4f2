import type { ProtocolCommands } from '../protocol-definition.js';
import { commandText } from '../command-fields.js';
import { gt06Packet } from './gt06.encoder.js';

/** The texts a GT06 tracker's relay answers to (reference/protocols.md §2, Commands). */
const TEXTS: Record<string, string> = { engineStop: 'Relay,1#', engineResume: 'Relay,0#' };

/** A 0x80 packet: command length, a 4-byte server flag (0), the ASCII command; serial 0. */
const commandPacket = (text: string): Buffer => {
  const ascii = Buffer.from(text, 'latin1');
  const content = Buffer.alloc(5 + ascii.length);
  content[0] = 4 + ascii.length;
  ascii.copy(content, 5);
  return gt06Packet(0x80, 0, content);
};

export const gt06Commands: ProtocolCommands = {
  types: ['custom', 'engineStop', 'engineResume'],
  encode: (command) => {
    const text = command.type === 'custom' ? commandText(command, 'data') : TEXTS[command.type];
    return text === undefined ? undefined : commandPacket(text);
  },
};
