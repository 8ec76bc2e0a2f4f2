import type { ProtocolCommands } from '../protocol-definition.js';
import { commandInteger, commandText } from '../command-fields.js';

/** `(<id><command><data>)` (reference/protocols.md §5, Commands): engine stop `AV010`, resume `AV011`. */
const BODIES: Record<string, (command: Parameters<ProtocolCommands['encode']>[0]) => string> = {
  custom: (command) => commandText(command, 'data'),
  positionSingle: () => 'AP00',
  positionPeriodic: (command) => `AR00${commandInteger(command, 'frequency').toString(16).toUpperCase().padStart(4, '0')}0000`,
  positionStop: () => 'AR0000000000',
  engineStop: () => 'AV010',
  engineResume: () => 'AV011',
  rebootDevice: () => 'AT00',
  getVersion: () => 'AP07',
};

export const tk103Commands: ProtocolCommands = {
  types: ['custom', 'positionSingle', 'positionPeriodic', 'positionStop', 'engineStop', 'engineResume', 'rebootDevice', 'getVersion'],
  encode: (command, uniqueId) => {
    const body = BODIES[command.type];
    return body ? Buffer.from(`(${uniqueId}${body(command)})`, 'latin1') : undefined;
  },
};
