import type { CommandType } from '@tracklane/domain';
import type { OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandFlag, commandInteger, commandText, textCommands, type CommandBodies } from '../command-fields.js';

/** Per connection: the device's tk103.alternative, read when it is identified. */
export interface Tk103State {
  alternative: boolean;
}

/** `(<id><command><data>)` (reference/protocols.md §5, Commands): engine stop `AV010`, resume `AV011`. */
const STANDARD: CommandBodies = {
  custom: (command) => commandText(command, 'data'),
  positionSingle: () => 'AP00',
  positionPeriodic: (command) => `AR00${commandInteger(command, 'frequency').toString(16).toUpperCase().padStart(4, '0')}0000`,
  positionStop: () => 'AR0000000000',
  getVersion: () => 'AP07',
  rebootDevice: () => 'AT00',
  setOdometer: () => 'AX01',
  engineStop: () => 'AV010',
  engineResume: () => 'AV011',
  outputControl: (command) => `AV00${commandText(command, 'data')}`,
};

/** The password the alternative firmware's master-number command takes unless the device names another. */
const DEFAULT_PASSWORD = '123456';

const either = (command: OutgoingCommand, on: string, off: string): string => (commandFlag(command, 'enable') ? on : off);

/** The SMS texts the alternative firmware takes over its connection, wrapped as `[begin]sms2,<text>,[end]`. */
const ALTERNATIVE: CommandBodies = {
  custom: (command) => commandText(command, 'data'),
  getDeviceStatus: () => '*status*',
  deviceIdentification: () => '999999',
  modeDeepSleep: (command) => either(command, '*sleep*2*', '*sleepoff*'),
  modePowerSaving: (command) => either(command, '*sleepv*', '*sleepoff*'),
  alarmSos: (command) => either(command, '*soson*', '*sosoff*'),
  setConnection: (command) => `*setip*${commandText(command, 'server').replaceAll('.', '*')}*${commandText(command, 'port')}*`,
  sosNumber: (command) => `*master*${commandText(command, 'devicePassword') || DEFAULT_PASSWORD}*${commandText(command, 'phone')}*`,
  positionSingle: () => '*getposl*',
  // the firmware's own interval: the command takes none
  positionPeriodic: () => '*routetrack*99*',
  positionStop: () => '*routetrackoff*',
  getVersion: () => '*about*',
  powerOff: () => '*turnoff*',
  rebootDevice: () => '88888888',
};

/** Either form's types, in the order Traccar lists them; a type only the other form has is not sent. */
const TYPES: readonly CommandType[] = [
  'custom', 'getDeviceStatus', 'deviceIdentification', 'modeDeepSleep', 'modePowerSaving', 'alarmSos', 'setConnection', 'sosNumber', 'positionSingle',
  'positionPeriodic', 'positionStop', 'getVersion', 'powerOff', 'rebootDevice', 'setOdometer', 'engineStop', 'engineResume', 'outputControl',
];

const standard = textCommands(STANDARD, (body, uniqueId) => Buffer.from(`(${uniqueId}${body})`, 'latin1'));
const alternative = textCommands(ALTERNATIVE, (body) => Buffer.from(`[begin]sms2,${body},[end]`, 'latin1'));

export const tk103Commands: ProtocolCommands = {
  types: TYPES,
  encode: (command, uniqueId, state, model, endpoints) => ((state as Tk103State | undefined)?.alternative ? alternative : standard).encode(command, uniqueId, state, model, endpoints),
};
