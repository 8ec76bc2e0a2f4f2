import type { CommandType } from '@tracklane/domain';
import { parseTimeZone } from './device-time-zone.js';
import type { OutgoingCommand, ProtocolCommands } from './protocol-definition.js';

/** A command parameter as text (`data`, `devicePassword`, …); empty when absent. */
export const commandText = (command: OutgoingCommand, key: string): string => {
  const value = command.attributes[key];
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
};

/** A whole-number command parameter (`frequency` in seconds, …); 0 when absent or not a number. */
export const commandInteger = (command: OutgoingCommand, key: string): number => {
  const value = Number(command.attributes[key]);
  return Number.isFinite(value) ? Math.trunc(value) : 0;
};

/** A yes/no command parameter (`enable`): true for `true`, `"true"` and 1; false when absent. */
export const commandFlag = (command: OutgoingCommand, key: string): boolean => ['true', '1'].includes(commandText(command, key).trim().toLowerCase());

const MAX_PORT = 65535;
const hasText = (command: OutgoingCommand, key: string): boolean => commandText(command, key).trim() !== '';
const isPort = (port: number): boolean => port > 0 && port <= MAX_PORT;
const MAX_UINT32 = 0xffffffff;
const isUint32 = (text: string): boolean => /^\d+$/.test(text.trim()) && Number(text) <= MAX_UINT32;
/** Watch types whose whole content is `data` (silent hours, alarm clocks, phone book, indicator). */
const WATCH_SETTINGS = new Set(['silenceTime', 'alarmClock', 'setPhonebook', 'setIndicator']);

/** What is wrong with a voice message without text: no watch recording either, or one not written in hex pairs. */
const voiceAudioProblem = (command: OutgoingCommand): string | undefined => {
  if (!hasText(command, 'data')) return 'voiceMessage needs its text in attributes.message';
  return hexData(commandText(command, 'data').trim()) ? undefined : "voiceMessage needs its text in attributes.message, or a watch's audio in hex pairs in attributes.data";
};

/** The problem with a command's parameters that no protocol could send it with, if any. */
export const commandProblem = (command: OutgoingCommand): string | undefined => {
  const { type } = command;
  if (type === 'custom' && !hasText(command, 'data')) return 'A custom command needs its text in attributes.data';
  if (type === 'positionPeriodic' && commandInteger(command, 'frequency') <= 0) return 'positionPeriodic needs attributes.frequency, in seconds, above 0';
  if (type === 'message' && !hasText(command, 'message')) return 'message needs its text in attributes.message';
  if (type === 'voiceMessage' && !hasText(command, 'message')) return voiceAudioProblem(command);
  if (WATCH_SETTINGS.has(type) && !hasText(command, 'data')) return `${type} needs the watch's settings in attributes.data`;
  if (type === 'setTimezone' && !parseTimeZone(commandText(command, 'timezone'))) return 'setTimezone needs attributes.timezone: UTC, an offset such as GMT+01:30, or a zone name such as Europe/Amsterdam';
  if (type === 'setConnection' && !(hasText(command, 'server') && isPort(commandInteger(command, 'port')))) return `setConnection needs attributes.server and attributes.port, 1 to ${MAX_PORT}`;
  if (type === 'setSpeedLimit' && commandInteger(command, 'data') <= 0) return 'setSpeedLimit needs attributes.data, the speed limit in km/h, above 0';
  if (type === 'sendSms' && !(hasText(command, 'phone') && hasText(command, 'message'))) return 'sendSms needs attributes.phone and attributes.message';
  if (type === 'setOdometer' && !isUint32(commandText(command, 'data'))) return `setOdometer needs attributes.data, the odometer value, a whole number from 0 to ${MAX_UINT32}`;
  return undefined;
};

/** `{uniqueId}` in a command's text is the device's identifier (Traccar's placeholder), on every channel. */
export const addressedTo = (command: OutgoingCommand, uniqueId: string): OutgoingCommand => {
  const data = command.attributes.data;
  return typeof data === 'string' && data.includes('{uniqueId}') ? { type: command.type, attributes: { ...command.attributes, data: data.replaceAll('{uniqueId}', uniqueId) } } : command;
};

/** A protocol's table of what each command type it takes is built from, in the order `GET /api/commands/types` lists them. */
export type CommandTable<T> = Partial<Record<CommandType, T>>;

/** The types a table names, in its order. */
export const typesOf = <T>(table: CommandTable<T>): CommandType[] => Object.keys(table) as CommandType[];

/** The table's entry for a command's type; undefined for a type it does not name (and for names of Object's own members). */
export const entryOf = <T>(table: CommandTable<T>, type: string): T | undefined => (Object.hasOwn(table, type) ? table[type as CommandType] : undefined);

/** Each type's text. */
export type CommandBodies = CommandTable<(command: OutgoingCommand) => string>;

/** The commands of a text protocol: the types its bodies name, each body put in the protocol's frame. */
export const textCommands = (bodies: CommandBodies, frame: (body: string, uniqueId: string, state: unknown) => Buffer): ProtocolCommands => ({
  types: typesOf(bodies),
  encode: (command, uniqueId, state) => {
    const body = entryOf(bodies, command.type);
    return body ? frame(body(command), uniqueId, state) : undefined;
  },
});

const HEX_DATA = /^(?:[0-9a-f]{2})+$/i;

/** A custom command's data written as hex pairs, as the bytes they spell (Traccar's reading of such data); undefined for other text. */
export const hexData = (data: string): Buffer | undefined => (HEX_DATA.test(data) ? Buffer.from(data, 'hex') : undefined);
