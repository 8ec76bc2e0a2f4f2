import type { OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandText } from '../command-fields.js';
import type { Jt808State } from './jt808.decoder.js';
import { jt808Packet, type Jt808Terminal } from './jt808.encoder.js';

const TERMINAL_CONTROL = 0x8105;
const PARAMETER_SETTING = 0x8103;
const TEXT_MESSAGE = 0x8300;

const HEX = /^(?:[0-9a-f]{2})+$/i;

/** A custom command: a whole frame written in hex goes as it is, any other text as a text message (flag 1: show). */
const custom = (command: OutgoingCommand, terminal: Jt808Terminal): Buffer => {
  const data = commandText(command, 'data').trim();
  if (HEX.test(data)) return Buffer.from(data, 'hex');
  return jt808Packet(TEXT_MESSAGE, terminal, Buffer.concat([Buffer.from([0x01]), Buffer.from(data, 'latin1')]));
};

/** Each type's message for the terminal (Traccar's bytes: terminal control F0/F1, parameter 0x23 = 3 to restart). */
const MESSAGES: Record<string, (command: OutgoingCommand, terminal: Jt808Terminal) => Buffer> = {
  custom,
  engineStop: (_, terminal) => jt808Packet(TERMINAL_CONTROL, terminal, Buffer.from([0xf0])),
  engineResume: (_, terminal) => jt808Packet(TERMINAL_CONTROL, terminal, Buffer.from([0xf1])),
  rebootDevice: (_, terminal) => jt808Packet(PARAMETER_SETTING, terminal, Buffer.from([0x01, 0x23, 0x01, 0x03])),
};

/** Commands go with the header fields of the terminal's own messages; before its first one there is nothing to address. */
export const jt808Commands: ProtocolCommands = {
  types: ['custom', 'engineStop', 'engineResume', 'rebootDevice'],
  encode: (command, _uniqueId, state) => {
    const terminal = (state as Jt808State | undefined)?.terminal;
    const message = MESSAGES[command.type];
    return message && terminal ? message(command, terminal) : undefined;
  },
};
