import type { OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandText } from '../command-fields.js';

/** Each type's command after the device ID: the relay outputs (1 engine, 2 alarm), a position request, a reboot. */
const BODIES: Record<string, string> = {
  positionSingle: 'GTR;{id};02;',
  engineStop: 'CMD;{id};02;Enable1',
  engineResume: 'CMD;{id};02;Disable1',
  alarmArm: 'CMD;{id};02;Enable2',
  alarmDisarm: 'CMD;{id};02;Disable2',
  rebootDevice: 'CMD;{id};02;Reboot',
};

/** A custom command as written, ended by the carriage return every Suntech message ends with. */
const custom = (command: OutgoingCommand): string => {
  const text = commandText(command, 'data');
  return text.endsWith('\r') ? text : `${text}\r`;
};

/** `SA200<command>;<id>;02;<action>\r`, the form Traccar sends to every Suntech model. */
export const suntechCommands: ProtocolCommands = {
  types: ['custom', 'positionSingle', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm', 'rebootDevice'],
  encode: (command, uniqueId) => {
    if (command.type === 'custom') return Buffer.from(custom(command), 'latin1');
    const body = BODIES[command.type];
    return body === undefined ? undefined : Buffer.from(`SA200${body.replace('{id}', uniqueId)}\r`, 'latin1');
  },
};
