import { commandText, textCommands, type CommandBodies } from '../command-fields.js';
import type { ProtocolCommands } from '../protocol-definition.js';

/** The text commands Wialon IPS trackers take over their connection, each a line, as Traccar sends them. */
const BODIES: CommandBodies = {
  custom: (command) => commandText(command, 'data'),
  rebootDevice: () => 'reboot',
  sendUssd: (command) => `USSD:${commandText(command, 'phone')}`,
  deviceIdentification: () => 'VER?',
  outputControl: (command) => `L${commandText(command, 'index')}=${commandText(command, 'data')}`,
};

export const wialonCommands: ProtocolCommands = textCommands(BODIES, (body) => Buffer.from(`${body}\r\n`, 'utf8'));
