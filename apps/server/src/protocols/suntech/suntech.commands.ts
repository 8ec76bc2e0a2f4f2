import type { CommandType } from '@tracklane/domain';
import type { OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandInteger, commandText, entryOf, typesOf, type CommandTable } from '../command-fields.js';
import type { SuntechState } from './suntech.decoder.js';

type Actions = CommandTable<(command: OutgoingCommand) => string | undefined>;

/** `outputControl` switches output `index` on when `data` is 1, off otherwise. */
const switchesOn = (command: OutgoingCommand): boolean => commandText(command, 'data').trim() === '1';

/** The legacy firmware's actions after `<model>CMD;<id>;02;`: outputs by number (1 engine, 2 alarm), a status request, a reboot. */
const LEGACY: Actions = {
  outputControl: (command) => `${switchesOn(command) ? 'Enable' : 'Disable'}${commandText(command, 'index')}`,
  rebootDevice: () => 'Reboot',
  positionSingle: () => 'StatusReq',
  engineStop: () => 'Enable1',
  engineResume: () => 'Disable1',
  alarmArm: () => 'Enable2',
  alarmDisarm: () => 'Disable2',
};

/** The universal firmware's output actions: on and off codes of outputs 1 to 3. */
const UNIVERSAL_OUTPUTS: Record<number, [on: string, off: string]> = { 1: ['01', '02'], 2: ['03', '04'], 3: ['09', '10'] };

const universalOutput = (index: number, on: boolean): string | undefined => {
  const codes = UNIVERSAL_OUTPUTS[index];
  return codes && `04;${on ? codes[0] : codes[1]}`;
};

/** The universal firmware's command group and action after `CMD;<id>;`. */
const UNIVERSAL: Actions = {
  outputControl: (command) => universalOutput(commandInteger(command, 'index'), switchesOn(command)),
  rebootDevice: () => '03;03',
  positionSingle: () => '03;01',
  engineStop: () => universalOutput(1, true),
  engineResume: () => universalOutput(1, false),
  alarmArm: () => universalOutput(2, true),
  alarmDisarm: () => universalOutput(2, false),
};

/** The model part of the device's latest header (`ST300` of `ST300STT`); SA200 until it sent a long enough one. */
const legacyPrefix = (state: SuntechState | undefined): string => (state?.prefix && state.prefix.length > 5 ? state.prefix.slice(0, -3) : 'SA200');

/**
 * A custom command as written, with `\r` and `\n` written out turned into the characters (as
 * Traccar sends custom text to Suntech devices), ended by the carriage return every Suntech message
 * ends with.
 */
const custom = (command: OutgoingCommand): string => {
  const text = commandText(command, 'data').replaceAll('\\r', '\r').replaceAll('\\n', '\n');
  return /[\r\n]$/.test(text) ? text : `${text}\r`;
};

const TYPES: readonly CommandType[] = ['custom', ...typesOf(LEGACY)];

const actionOf = (actions: Actions, command: OutgoingCommand): string | undefined => entryOf(actions, command.type)?.(command);

/** `CMD;<id>;<group>;<action>\r` to a device that speaks the universal protocol, else `<model>CMD;<id>;02;<action>\r`. */
const messageOf = (command: OutgoingCommand, uniqueId: string, state: SuntechState | undefined): string | undefined => {
  if (command.type === 'custom') return custom(command);
  if (state?.universal) {
    const action = actionOf(UNIVERSAL, command);
    return action && `CMD;${uniqueId};${action}\r`;
  }
  const action = actionOf(LEGACY, command);
  return action && `${legacyPrefix(state)}CMD;${uniqueId};02;${action}\r`;
};

export const suntechCommands: ProtocolCommands = {
  types: TYPES,
  encode: (command, uniqueId, state) => {
    const text = messageOf(command, uniqueId, state as SuntechState | undefined);
    return text === undefined ? undefined : Buffer.from(text, 'latin1');
  },
};
