import { Alarm } from '../alarms.js';
import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { addAlarm, newPosition } from '../position-builder.js';
import { watchReply } from './watch.encoder.js';
import { decodeLocation } from './watch-location.js';
import { assembleVoice, imageOf, voicePartOf, type WatchVoiceTransfer } from './watch-media.decoder.js';

const HEALTH = new Set(['pulse', 'heart', 'blood', 'bphrt', 'temp', 'btemp2', 'oxygen']);

/** Per connection: the maker code the watch writes its frames with, which commands to it carry too. */
export interface WatchState {
  maker: string;
  /** Whether its frames carry an index after the ID (ZJ units), as commands to it then must. */
  hasIndex?: boolean;
  /** The `JXTK` voice message on its way in parts. */
  voice?: WatchVoiceTransfer;
}

/** One watch frame `[<maker>*<id>*[<index>*]<len>*<type>[,<fields>]]` (reference/protocols.md §6). */
export const decodeWatch = (frame: Buffer, context: DecodeContext<WatchState | undefined>): DecodeResult => {
  const maker = frame.subarray(1, 3).toString('latin1');
  if (context.state) context.state.maker = maker;
  const idEnd = frame.indexOf(0x2a, 4);
  if (idEnd < 0) return nothing();
  const id = frame.subarray(4, idEnd).toString('latin1');
  let at = idEnd + 1;
  let index: string | undefined;
  const next = frame.indexOf(0x2a, at);
  if (next >= 0 && frame[next + 5] === 0x2a && /^[0-9A-Fa-f]{4}$/.test(frame.subarray(next + 1, next + 5).toString('latin1'))) {
    index = frame.subarray(at, next).toString('latin1');
    at = next + 1;
  }
  if (context.state) context.state.hasIndex = index !== undefined;
  at += 5; // length and '*'
  const content = frame.subarray(at, frame.length - 1);
  const comma = content.indexOf(0x2c);
  const type = content.subarray(0, comma < 0 ? content.length : comma).toString('latin1');
  const body = comma < 0 ? Buffer.alloc(0) : content.subarray(comma + 1);
  const text = body.toString('latin1');
  const reply = (answer: string) => [watchReply(maker, id, index, answer)];
  const position = newPosition('watch', id, context.now());
  const a = position.attributes;
  const result = (ack: Buffer[] = [], withPosition = true): DecodeResult => ({ identify: id, positions: withPosition ? [position] : [], ack });

  if (type === 'INIT') return result(reply('INIT,1'), false);
  if (type === 'LK') {
    const values = text.split(',');
    if (body.length === 0 || values.length < 3) return result(reply('LK'), false);
    a.batteryLevel = Number(values[2]);
    a.steps = Number(values[0]);
    return result(reply('LK'));
  }
  if (type.startsWith('UD') || type.startsWith('AL') || type.startsWith('WT')) {
    const decoded = decodeLocation(position, text);
    if (type.startsWith('AL') && decoded && a.alarm === undefined) addAlarm(position, Alarm.general);
    return result(type.startsWith('AL') ? reply('AL') : [], decoded);
  }
  if (type === 'TKQ' || type === 'TKQ2') return result(reply(type), false);
  if (HEALTH.has(type.toLowerCase()) && body.length > 0) {
    const values = text.split(',');
    const kind = type.toLowerCase();
    if (kind === 'temp') a.temp1 = Number(values[0]);
    else if (kind === 'btemp2') {
      if (Number(values[0]) > 0) a.temp1 = Number(values[1]);
    } else if (kind === 'oxygen') a.bloodOxygen = Number(values[1]);
    else {
      let i = 0;
      if (kind === 'bphrt' || kind === 'blood') {
        a.pressureHigh = values[i++];
        a.pressureLow = values[i++];
      }
      if (i < values.length) a.heartRate = Number(values[i]);
    }
    return result();
  }
  // photos and voice in parts only on a connection already bound to this watch: nothing is kept for an id no device has
  const keepsMedia = context.uniqueId === id && context.writeMedia !== undefined;
  if (type === 'img') {
    const image = keepsMedia ? imageOf(body) : undefined;
    const file = image && context.writeMedia!(id, image, 'jpg');
    if (file === undefined) return result([], false);
    a.image = file;
    return result();
  }
  if (type === 'JXTK') {
    const part = voicePartOf(body);
    if (!part) {
      if (context.state) context.state.voice = undefined;
      return result([], false);
    }
    // every well-formed part is answered, as Traccar does, also one that is not kept
    const ack = reply('JXTKR,1');
    const audio = keepsMedia && context.state ? assembleVoice(context.state, part) : undefined;
    const file = audio && context.writeMedia!(id, audio, 'amr');
    if (file === undefined) return result(ack, false);
    a.audio = file;
    return result(ack);
  }
  if ((type === 'TK' || type === 'TK2') && body.length > 1 && context.writeMedia) {
    const file = context.writeMedia(id, body, 'amr');
    if (file === undefined) return result([], false);
    a.audio = file;
    return result();
  }
  return { identify: id, positions: [], ack: [] };
};
