import { MediaAssembly } from '../media-assembly.js';

/** A voice message arriving in `JXTK` parts, kept in the connection's state until its last part. */
export interface WatchVoiceTransfer {
  /** The name the watch gives the message, which every part repeats. */
  name: string;
  total: number;
  nextPart: number;
  media: MediaAssembly;
}

/** The AMR audio of one `JXTK` part and where it belongs: part `current` of `total` of the message `name`. */
export interface VoicePart {
  name: string;
  current: number;
  total: number;
  data: Buffer;
}

const COMMA = 0x2c;
const DIGITS = /^\d{1,6}$/;
const TIME = /^\d{12}$/;

/**
 * The JPEG of an `img,<n>,<yyMMddHHmmss>,<JPEG>` body (reference/protocols.md §6); undefined when the
 * fields before it do not parse or no image follows them.
 */
export const imageOf = (body: Buffer): Buffer | undefined => {
  const comma = body.indexOf(COMMA);
  const start = comma + 14;
  if (comma < 0 || body[comma + 13] !== COMMA || !TIME.test(body.toString('latin1', comma + 1, comma + 13))) return undefined;
  return start < body.length ? body.subarray(start) : undefined;
};

/**
 * One part of a `JXTK,<n>,<name>,<current>,<total>,<AMR>` body: the audio after the fourth comma;
 * undefined when the fields before it do not parse, or number a part outside 1…total.
 */
export const voicePartOf = (body: Buffer): VoicePart | undefined => {
  let end = -1;
  for (let field = 0; field < 4; field++) {
    end = body.indexOf(COMMA, end + 1);
    if (end < 0) return undefined;
  }
  const [, name = '', current = '', total = ''] = body.toString('latin1', 0, end).split(',');
  if (!DIGITS.test(current) || !DIGITS.test(total)) return undefined;
  const part = { name, current: Number(current), total: Number(total), data: body.subarray(end + 1) };
  return part.current >= 1 && part.current <= part.total ? part : undefined;
};

/**
 * Adds a part to the voice message under way and returns the whole message once its last part is
 * in. A first part starts a message (replacing one left unfinished); a part that does not follow,
 * or would grow the message past the media limit, ends the transfer.
 */
export const assembleVoice = (transfer: { voice?: WatchVoiceTransfer }, part: VoicePart): Buffer | undefined => {
  if (part.current === 1) transfer.voice = { name: part.name, total: part.total, nextPart: 1, media: new MediaAssembly() };
  const voice = transfer.voice;
  const ofThisMessage = voice !== undefined && voice.name === part.name && voice.total === part.total;
  // the part sent again because its reply went missing is in already
  if (ofThisMessage && part.current > 1 && part.current === voice.nextPart - 1) return undefined;
  if (!ofThisMessage || part.current !== voice.nextPart || !voice.media.append(part.data)) {
    transfer.voice = undefined;
    return undefined;
  }
  voice.nextPart++;
  if (part.current < part.total) return undefined;
  transfer.voice = undefined;
  return voice.media.content();
};
