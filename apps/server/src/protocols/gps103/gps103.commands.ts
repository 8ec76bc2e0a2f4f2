import type { ProtocolCommands } from '../protocol-definition.js';
import { commandText } from '../command-fields.js';

/** The Coban GPRS command letters: locate now, cut and restore the fuel line, arm and disarm. */
const LETTERS: Record<string, string> = { positionSingle: 'B', engineStop: 'J', engineResume: 'K', alarmArm: 'L', alarmDisarm: 'M' };

/** `**,imei:<imei>,<command>`, as the server's SOS reply is written. */
export const gps103Commands: ProtocolCommands = {
  types: ['custom', 'positionSingle', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm'],
  encode: (command, uniqueId) => {
    const text = command.type === 'custom' ? commandText(command, 'data') : LETTERS[command.type];
    return text === undefined ? undefined : Buffer.from(`**,imei:${uniqueId},${text}`, 'latin1');
  },
};
