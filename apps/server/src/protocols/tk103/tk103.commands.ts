import { commandInteger, commandText, textCommands } from '../command-fields.js';

/** `(<id><command><data>)` (reference/protocols.md §5, Commands): engine stop `AV010`, resume `AV011`. */
export const tk103Commands = textCommands(
  {
    custom: (command) => commandText(command, 'data'),
    positionSingle: () => 'AP00',
    positionPeriodic: (command) => `AR00${commandInteger(command, 'frequency').toString(16).toUpperCase().padStart(4, '0')}0000`,
    positionStop: () => 'AR0000000000',
    engineStop: () => 'AV010',
    engineResume: () => 'AV011',
    rebootDevice: () => 'AT00',
    getVersion: () => 'AP07',
  },
  (body, uniqueId) => Buffer.from(`(${uniqueId}${body})`, 'latin1'),
);
