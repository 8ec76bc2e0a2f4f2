import type { ProtocolCommands } from '../protocol-definition.js';
import { commandText } from '../command-fields.js';
import { meitrackCommand } from './meitrack.encoder.js';

/** `A10` asks for the position now; a custom command is its three-letter code and fields (`C01,0,12222`). */
export const meitrackCommands: ProtocolCommands = {
  types: ['custom', 'positionSingle'],
  encode: (command, uniqueId) => {
    if (command.type === 'custom') return meitrackCommand('Q', uniqueId, commandText(command, 'data'));
    if (command.type === 'positionSingle') return meitrackCommand('Q', uniqueId, 'A10');
    return undefined;
  },
};
