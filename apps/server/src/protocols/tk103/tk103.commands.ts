import type { ProtocolCommands } from '../protocol-definition.js';
import { commandInteger, commandText } from '../command-fields.js';

/**
 * `(<id><command><data>)` (reference/protocols.md §5, Commands). Engine stop is `AV011` and resume
 * `AV010`, as Traccar's encoder sends them (its test expects `(123456789012345AV011)` for a stop).
 */
const BODIES: Record<string, (command: Parameters<ProtocolCommands['encode']>[0]) => string> = {
  custom: (command) => commandText(command, 'data'),
  positionSingle: () => 'AP00',
  positionPeriodic: (command) => `AR00${commandInteger(command, 'frequency').toString(16).toUpperCase().padStart(4, '0')}0000`,
  engineStop: () => 'AV011',
  engineResume: () => 'AV010',
  rebootDevice: () => 'AT00',
  getVersion: () => 'AP07',
};

export const tk103Commands: ProtocolCommands = {
  types: ['custom', 'positionSingle', 'positionPeriodic', 'engineStop', 'engineResume', 'rebootDevice', 'getVersion'],
  encode: (command, uniqueId) => {
    const body = BODIES[command.type];
    return body ? Buffer.from(`(${uniqueId}${body(command)})`, 'latin1') : undefined;
  },
};
