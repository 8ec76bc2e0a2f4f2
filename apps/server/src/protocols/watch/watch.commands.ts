import { commandInteger, commandText, textCommands } from '../command-fields.js';
import type { WatchState } from './watch.decoder.js';
import { watchReply } from './watch.encoder.js';

/** Text as the watches take it in MESSAGE: UTF-16 big-endian, in hex. */
const utf16Hex = (text: string): string => Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase();

/** `[<maker>*<id>*<length hex4>*<content>]` (reference/protocols.md §6, Commands), with the maker the watch writes its own frames with. */
export const watchCommands = textCommands(
  {
    custom: (command) => commandText(command, 'data'),
    positionSingle: () => 'CR',
    positionPeriodic: (command) => `UPLOAD,${commandInteger(command, 'frequency')}`,
    sosNumber: (command) => `SOS${commandInteger(command, 'index') || 1},${commandText(command, 'phone')}`,
    rebootDevice: () => 'RESET',
    powerOff: () => 'POWEROFF',
    message: (command) => `MESSAGE,${utf16Hex(commandText(command, 'message'))}`,
  },
  (content, uniqueId, state) => watchReply((state as WatchState | undefined)?.maker ?? 'SG', uniqueId, undefined, content),
);
