import type { OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandText } from '../command-fields.js';
import { gt06Packet } from './gt06.encoder.js';
import type { Gt06State } from './gt06-fields.js';

/** The relay's texts (reference/protocols.md §2, Commands), and the older models' words, which take the password. */
const ENGINE: Record<string, { relay: string; word: string }> = {
  engineStop: { relay: 'Relay,1#', word: 'DYD' },
  engineResume: { relay: 'Relay,0#', word: 'HFYD' },
};
/** Models that take the older words without a password, whatever gt06.alternative says. */
const BARE_WORD_MODELS = new Set(['G109']);
/** The factory password of the trackers that take DYD/HFYD, unless the command names another. */
const DEFAULT_PASSWORD = '123456';
/** The language word after the text under gt06.language: English. */
const ENGLISH = 2;

const textOf = (command: OutgoingCommand, state: Gt06State | undefined, model: string | undefined): string | undefined => {
  if (command.type === 'custom') return commandText(command, 'data');
  const engine = ENGINE[command.type];
  if (!engine) return undefined;
  if (BARE_WORD_MODELS.has(model ?? '')) return `${engine.word}#`;
  return state?.alternative ? `${engine.word},${commandText(command, 'devicePassword') || DEFAULT_PASSWORD}#` : engine.relay;
};

/** A 0x80 packet: command length, a 4-byte server flag (0), the ASCII command, the language word if asked; serial 0. */
const commandPacket = (text: string, language: boolean): Buffer => {
  const ascii = Buffer.from(text, 'latin1');
  const content = Buffer.alloc(5 + ascii.length + (language ? 2 : 0));
  content[0] = 4 + ascii.length;
  ascii.copy(content, 5);
  if (language) content.writeUInt16BE(ENGLISH, 5 + ascii.length);
  return gt06Packet(0x80, 0, content);
};

export const gt06Commands: ProtocolCommands = {
  types: ['custom', 'engineStop', 'engineResume'],
  encode: (command, _uniqueId, state, model) => {
    const gt06 = state as Gt06State | undefined;
    const text = textOf(command, gt06, model);
    return text === undefined ? undefined : commandPacket(text, gt06?.language ?? false);
  },
};
