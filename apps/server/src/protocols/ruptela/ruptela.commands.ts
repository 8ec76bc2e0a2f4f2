import type { OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandInteger, commandText, entryOf, hexData, typesOf, type CommandTable } from '../command-fields.js';
import { RUPTELA_FILES, RUPTELA_REPLY_OFFSET, ruptelaPacket } from './ruptela.encoder.js';

/** The server's command types; each packet carries its type + 100 (reference/protocols.md §11). */
const TYPE = { configuration: 2, version: 3, firmwareUpdate: 4, setConnection: 5, setOdometer: 6, smsViaConnection: 8, setIo: 17, files: RUPTELA_FILES } as const;

const packet = (type: number, content: Buffer = Buffer.alloc(0)): Buffer => ruptelaPacket(RUPTELA_REPLY_OFFSET + type, content);
const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
/** The SMS-style texts the devices take (`pass immobilizer 10`, …), over their connection. */
const sms = (text: string): Buffer => packet(TYPE.smsViaConnection, ascii(text));

const uint32s = (...values: number[]): Buffer => {
  const bytes = Buffer.alloc(4 * values.length);
  values.forEach((value, i) => bytes.writeUInt32BE(value >>> 0, 4 * i));
  return bytes;
};

const PACKETS: CommandTable<(command: OutgoingCommand) => Buffer> = {
  // data written in hex pairs is a whole packet, sent as it is
  custom: (command) => hexData(commandText(command, 'data')) ?? sms(commandText(command, 'data')),
  engineStop: () => sms('pass immobilizer 10'),
  engineResume: () => sms('pass resetimmob'),
  // sub-command 1 from camera source 0, for any time (0 to 2^31 - 1): the device then sends the photo part by part
  requestPhoto: () => packet(TYPE.files, Buffer.concat([Buffer.from([1, 0]), uint32s(0, 0x7fffffff)])),
  configuration: (command) => packet(TYPE.configuration, ascii(`${commandText(command, 'data')}\r\n`)),
  getVersion: () => packet(TYPE.version),
  // the device fetches the firmware from the update server set in its own configuration
  firmwareUpdate: () => packet(TYPE.firmwareUpdate, ascii('|FU_STRT*\r\n')),
  outputControl: (command) => packet(TYPE.setIo, uint32s(commandInteger(command, 'index'), commandInteger(command, 'data'))),
  setConnection: (command) => packet(TYPE.setConnection, ascii(`${commandText(command, 'server')},${commandInteger(command, 'port')},TCP`)),
  setOdometer: (command) => packet(TYPE.setOdometer, uint32s(commandInteger(command, 'data'))),
};

export const ruptelaCommands: ProtocolCommands = {
  types: typesOf(PACKETS),
  encode: (command) => entryOf(PACKETS, command.type)?.(command),
};
