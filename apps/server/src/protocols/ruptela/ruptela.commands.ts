import type { ProtocolCommands } from '../protocol-definition.js';
import { commandText } from '../command-fields.js';
import { RUPTELA_REPLY_OFFSET, ruptelaPacket } from './ruptela.encoder.js';

/** Type 8 carries the SMS-style texts the devices take (`pass immobilizer 10`, …) over their connection. */
const SMS_VIA_CONNECTION = RUPTELA_REPLY_OFFSET + 8;

export const ruptelaCommands: ProtocolCommands = {
  types: ['custom'],
  encode: (command) => (command.type === 'custom' ? ruptelaPacket(SMS_VIA_CONNECTION, Buffer.from(commandText(command, 'data'), 'latin1')) : undefined),
};
