import type { OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandText, entryOf, hexData, typesOf, type CommandTable } from '../command-fields.js';
import { teltonikaCodec12 } from './teltonika.encoder.js';

/** Codec 12 message type of a command. */
const COMMAND = 0x05;

/** A custom command written in hex is sent as those bytes (a serial or CAN frame the device passes on), any other as its text. */
const customContent = (data: string): Buffer => hexData(data) ?? Buffer.from(data, 'latin1');

const CONTENTS: CommandTable<(command: OutgoingCommand) => Buffer> = {
  custom: (command) => customContent(commandText(command, 'data')),
  // digital output 1, which an immobiliser relay is wired to
  engineStop: () => Buffer.from('setdigout 1', 'latin1'),
  engineResume: () => Buffer.from('setdigout 0', 'latin1'),
};

/** Teltonika devices take their SMS-style texts (`setdigout 1`, `getinfo`, …) and hex data as custom commands, in codec 12. */
export const teltonikaCommands: ProtocolCommands = {
  types: typesOf(CONTENTS),
  encode: (command) => {
    const content = entryOf(CONTENTS, command.type);
    return content ? teltonikaCodec12(COMMAND, content(command)) : undefined;
  },
};
