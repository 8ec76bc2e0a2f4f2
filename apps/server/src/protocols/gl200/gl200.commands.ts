import type { ProtocolCommands } from '../protocol-definition.js';
import { commandText } from '../command-fields.js';

/** Queclink `AT+GT…$` commands (reference/protocols.md §7): a custom one as written, or a position request with the device's password. */
export const gl200Commands: ProtocolCommands = {
  types: ['custom', 'positionSingle'],
  encode: (command) => {
    if (command.type === 'custom') return Buffer.from(commandText(command, 'data'), 'latin1');
    if (command.type === 'positionSingle') return Buffer.from(`AT+GTRTO=${commandText(command, 'devicePassword')},1,,,,,,FFFF$`, 'latin1');
    return undefined;
  },
};
