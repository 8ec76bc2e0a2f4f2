import type { OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandText } from '../command-fields.js';
import { gt06Packet } from './gt06.encoder.js';
import type { Gt06State } from './gt06-fields.js';

/** The texts a GT06 tracker's relay answers to (reference/protocols.md §2, Commands); older models take DYD/HFYD with their password. */
const TEXTS: Record<string, string> = { engineStop: 'Relay,1#', engineResume: 'Relay,0#' };
const ALTERNATIVE_TEXTS: Record<string, string> = { engineStop: 'DYD', engineResume: 'HFYD' };
/** The factory password of the trackers that take DYD/HFYD, unless the command names another. */
const DEFAULT_PASSWORD = '123456';

const textOf = (command: OutgoingCommand, state: Gt06State | undefined): string | undefined => {
  if (command.type === 'custom') return commandText(command, 'data');
  const alternative = state?.alternative ? ALTERNATIVE_TEXTS[command.type] : undefined;
  return alternative ? `${alternative},${commandText(command, 'devicePassword') || DEFAULT_PASSWORD}#` : TEXTS[command.type];
};

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
  encode: (command, _uniqueId, state) => {
    const text = textOf(command, state as Gt06State | undefined);
    return text === undefined ? undefined : commandPacket(text);
  },
};
