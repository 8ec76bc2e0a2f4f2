import type { CommandEndpoints, OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandInteger, commandText, entryOf, hexData, typesOf, type CommandTable } from '../command-fields.js';
import {
  ascii, bcdTime, byte, COMMAND_MSG, CONTROL_WORD, message, photoRequest, setParameters, terminalControl, textMessage, uint32, type Jt808Message,
} from './jt808-command-bodies.js';
import type { Jt808State } from './jt808.decoder.js';
import { jt808Packet, type Jt808Terminal } from './jt808.encoder.js';

/** What a command's message depends on besides the command: the device's model, its connection state, the time and the server's endpoints. */
interface Sending {
  command: OutgoingCommand;
  model: string | undefined;
  state: Jt808State;
  now: number;
  endpoints: CommandEndpoints | undefined;
}

/** A message for the terminal, a whole frame the user wrote in hex that goes as it is, or nothing when the server lacks what it needs. */
type Outgoing = Jt808Message | Buffer | undefined;

/** Models that take a custom text as an AT command in parameter 0xF030, and the ones that take it as a text message. */
const AT_MODELS = new Set(['AL300', 'GL100', 'VL300']);
const TEXT_MODELS = new Set(['BSJ', 'C5', 'C5L']);
const AT_COMMAND = 0xf030;

const custom = ({ command, model }: Sending): Outgoing => {
  const data = commandText(command, 'data');
  if (AT_MODELS.has(model ?? '')) return setParameters([AT_COMMAND, ascii(data)]);
  if (TEXT_MODELS.has(model ?? '')) return textMessage(0x01, data);
  if (model?.startsWith('JC')) return message(COMMAND_MSG.transparentDownlink, Buffer.concat([byte(0xf0), ascii(data)]));
  return hexData(data.trim()) ?? textMessage(0x01, data);
};

/** The terminal control bodies of engine stop and resume of the models with their own; F0 and F1 for the rest. */
const ENGINE_CONTROL = new Map<string, [stop: Buffer, resume: Buffer]>([
  ['VL300', [ascii('#0;1'), ascii('#0;0')]],
  ['W15L', [byte(0x64), byte(0x65)]],
]);
const STANDARD_ENGINE_CONTROL: [stop: Buffer, resume: Buffer] = [byte(0xf0), byte(0xf1)];

/** Engine stop (`cut`) or resume: oil control with the terminal's local time under jt808.alternative, else terminal control in the model's form. */
const engine = (cut: boolean) => ({ model, state, now }: Sending): Jt808Message => {
  if (state.alternative) return message(COMMAND_MSG.oilControl, Buffer.concat([byte(cut ? 0x01 : 0x00), bcdTime(state.zone, now)]));
  const [stop, resume] = ENGINE_CONTROL.get(model ?? '') ?? STANDARD_ENGINE_CONTROL;
  return terminalControl(cut ? stop : resume);
};

/** Parameter 0x24 (arming), as the value Traccar writes: the flag, then `user`. */
const arming = (armed: boolean): Jt808Message => setParameters([0x24, Buffer.concat([byte(armed ? 1 : 0), ascii('user')])]);

/** The camera channel a video command is for: `index`, 1 (the first camera) when absent. */
const videoChannel = (command: OutgoingCommand): number => commandInteger(command, 'index') || 1;

/**
 * Live video of a channel (JT/T 1078 table 17): the camera connects to the server's video listener
 * over TCP (no UDP port) and streams video alone (data type 1) from its main stream (0).
 */
const videoStart = ({ command, endpoints }: Sending): Outgoing => {
  const video = endpoints?.video;
  if (!video) return undefined;
  const host = ascii(video.host);
  const ports = Buffer.alloc(4);
  ports.writeUInt16BE(video.port, 0);
  return message(COMMAND_MSG.videoRequest, Buffer.concat([byte(host.length), host, ports, byte(videoChannel(command)), byte(1), byte(0)]));
};

/** Ends a channel's live video (table 19): control 0 (close), closing audio and video (0), main stream (0). */
const videoStop = ({ command }: Sending): Outgoing => message(COMMAND_MSG.videoControl, Buffer.from([videoChannel(command), 0, 0, 0]));

/** Each type's message, in the order `GET /api/commands/types` lists them. */
const MESSAGES: CommandTable<(sending: Sending) => Outgoing> = {
  custom,
  positionSingle: () => message(COMMAND_MSG.locationQuery),
  positionPeriodic: ({ command }) => setParameters([0x29, uint32(commandInteger(command, 'frequency'))]),
  // interval 0 ends temporary tracking; the validity (4 bytes) is then 0 too
  positionStop: () => message(COMMAND_MSG.trackingControl, Buffer.alloc(6)),
  engineStop: engine(true),
  engineResume: engine(false),
  alarmArm: () => arming(true),
  alarmDisarm: () => arming(false),
  // serial 0 and alarm type 0: every alarm the terminal holds
  alarmDismiss: () => message(COMMAND_MSG.alarmConfirmation, Buffer.alloc(6)),
  requestPhoto: ({ command }) => photoRequest(commandInteger(command, 'index')),
  powerOff: () => terminalControl(byte(CONTROL_WORD.powerOff)),
  rebootDevice: () => terminalControl(byte(CONTROL_WORD.reset)),
  factoryReset: () => terminalControl(byte(CONTROL_WORD.factoryReset)),
  message: ({ command }) => textMessage(0x04, commandText(command, 'message')),
  voiceMessage: ({ command }) => textMessage(0x08, commandText(command, 'message')),
  outputControl: ({ command }) => message(COMMAND_MSG.vehicleControl, byte(commandInteger(command, 'index'))),
  configuration: () => message(COMMAND_MSG.parameterQuery),
  setConnection: ({ command }) => setParameters([0x13, ascii(commandText(command, 'server'))], [0x18, uint32(commandInteger(command, 'port'))]),
  // the overspeed threshold in km/h, then how long (35 s) it must last to count
  setSpeedLimit: ({ command }) => setParameters([0x55, uint32(commandInteger(command, 'data'))], [0x56, uint32(35)]),
  videoStart,
  videoStop,
};

const packetOf = (outgoing: Outgoing, terminal: Jt808Terminal): Buffer | undefined =>
  outgoing === undefined || Buffer.isBuffer(outgoing) ? outgoing : jt808Packet(outgoing.type, terminal, outgoing.body);

/** Commands go with the header fields of the terminal's own messages; before its first one there is nothing to address. */
export const createJt808Commands = (now: () => number = Date.now): ProtocolCommands => ({
  types: typesOf(MESSAGES),
  encode: (command, _uniqueId, state, model, endpoints) => {
    const jt808 = state as Jt808State | undefined;
    const build = entryOf(MESSAGES, command.type);
    return build && jt808?.terminal ? packetOf(build({ command, model, state: jt808, now: now(), endpoints }), jt808.terminal) : undefined;
  },
});

export const jt808Commands = createJt808Commands();
