import type { OutgoingCommand } from '../protocol-definition.js';
import { commandText, textCommands } from '../command-fields.js';

/** Real-time operation `AT+GTRTO`: `1` a position now, `3` a reboot, `8` the device's identification. */
const realTime = (operation: number) => (command: OutgoingCommand) => `AT+GTRTO=${commandText(command, 'devicePassword')},${operation},,,,,,FFFF$`;

/** Output control `AT+GTOUT`: the first output, the immobilizer's, on (1) or off (0), the other fields 0 or empty; FFFF is the serial number. */
const output = (status: number) => (command: OutgoingCommand) => `AT+GTOUT=${commandText(command, 'devicePassword')},${status},,,0,0,0,0,0,0,0,,,,,,,FFFF$`;

/** Queclink `AT+GT…$` commands (reference/protocols.md §7) with the device's password, empty unless set; a custom one as written. */
export const gl200Commands = textCommands(
  {
    custom: (command) => commandText(command, 'data'),
    positionSingle: realTime(1),
    engineStop: output(1),
    engineResume: output(0),
    deviceIdentification: realTime(8),
    rebootDevice: realTime(3),
  },
  (body) => Buffer.from(body, 'latin1'),
);
