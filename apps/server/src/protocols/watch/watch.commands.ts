import type { OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandFlag, commandInteger, commandText, entryOf, hexData, typesOf, type CommandTable } from '../command-fields.js';
import { parseTimeZone } from '../device-time-zone.js';
import type { WatchState } from './watch.decoder.js';
import { watchReply } from './watch.encoder.js';

/** Text as the watches take it in MESSAGE: UTF-16 big-endian, in hex. */
const utf16Hex = (text: string): string => Buffer.from(text, 'utf16le').swap16().toString('hex');

/** `enable` as the watches take it. */
const flag = (command: OutgoingCommand): string => (commandFlag(command, 'enable') ? '1' : '0');

/** The bytes the frame itself uses, each sent as 7D and its code. */
const ESCAPES = new Map([[0x7d, 0x01], [0x5b, 0x02], [0x5d, 0x03], [0x2c, 0x04], [0x2a, 0x05]]);

const escaped = (audio: Buffer): Buffer => Buffer.from([...audio].flatMap((byte) => (ESCAPES.has(byte) ? [0x7d, ESCAPES.get(byte)!] : [byte])));

/** A voice message: the AMR audio written in hex in `data`, as its escaped bytes after `TK,`. */
const voice = (command: OutgoingCommand): string | undefined => {
  const audio = hexData(commandText(command, 'data').trim());
  return audio && `TK,${escaped(audio).toString('latin1')}`;
};

const HOUR_MS = 3_600_000;

/** The zone's standard offset in hours (Java's raw offset, which Traccar sends): `+1`, `-11.5`, `+5.75`. */
const standardOffset = (name: string, now: number): string | undefined => {
  const zone = parseTimeZone(name);
  if (!zone) return undefined;
  const year = new Date(now).getUTCFullYear();
  // daylight saving is added to the standard offset, so winter's or summer's, whichever is less, is it
  const hours = Math.min(...[0, 6].map((month) => Date.UTC(year, month, 1)).map((wallClock) => (wallClock - zone.toUtc(wallClock)) / HOUR_MS));
  return `${hours < 0 ? '-' : '+'}${Number(Math.abs(hours).toFixed(2))}`;
};

/** `LZ,<language>,<offset>`; the language is the watch's own code, empty unless set. */
const timeZone = (command: OutgoingCommand): string | undefined => {
  const offset = standardOffset(commandText(command, 'timezone'), Date.now());
  return offset && `LZ,${commandText(command, 'language')},${offset}`;
};

/** Each type's content, in the order `GET /api/commands/types` lists them; undefined where the parameters make none. */
const CONTENTS: CommandTable<(command: OutgoingCommand) => string | undefined> = {
  custom: (command) => commandText(command, 'data'),
  positionSingle: () => 'CR',
  positionPeriodic: (command) => `UPLOAD,${commandInteger(command, 'frequency')}`,
  sosNumber: (command) => `SOS${commandText(command, 'index') || '1'},${commandText(command, 'phone')}`,
  alarmSos: (command) => `SOSSMS,${flag(command)}`,
  alarmBattery: (command) => `LOWBAT,${flag(command)}`,
  rebootDevice: () => 'RESET',
  powerOff: () => 'POWEROFF',
  alarmRemove: (command) => `REMOVE,${flag(command)}`,
  silenceTime: (command) => `SILENCETIME,${commandText(command, 'data')}`,
  alarmClock: (command) => `REMIND,${commandText(command, 'data')}`,
  setPhonebook: (command) => `PHB,${commandText(command, 'data')}`,
  message: (command) => `MESSAGE,${utf16Hex(commandText(command, 'message'))}`,
  voiceMessage: voice,
  setTimezone: timeZone,
  setIndicator: (command) => `FLOWER,${commandText(command, 'data')}`,
};

/**
 * `[<maker>*<id>*[0001*]<length, 4 lower-case hex>*<content>]` (reference/protocols.md §6, Commands):
 * the maker the watch writes its own frames with, SeTracker's `3G` as `SG`, and an index where its
 * frames carry one.
 */
const frame = (content: string, uniqueId: string, state: WatchState | undefined): Buffer =>
  watchReply(!state || state.maker === '3G' ? 'SG' : state.maker, uniqueId, state?.hasIndex ? '0001' : undefined, content);

export const watchCommands: ProtocolCommands = {
  types: typesOf(CONTENTS),
  encode: (command, uniqueId, state) => {
    const content = entryOf(CONTENTS, command.type)?.(command);
    return content === undefined ? undefined : frame(content, uniqueId, state as WatchState | undefined);
  },
};
