import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { identifiersOf } from '../jt808/jt808.decoder.js';
import { DATA_TYPE, jt1078Layout, type Jt1078Layout } from './jt1078-layout.js';

/** RTP payload type of H.264 (JT/T 1078 table 12); other codecs' pictures are not kept. */
const H264 = 98;
const SUBPACKAGE = { atomic: 0, first: 1, last: 2, middle: 3 } as const;
/** A picture larger than this while it is assembled is dropped: a connection cannot hold memory without bound. */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/** A picture arriving in parts: its channel's, with its timestamp. */
interface PendingPicture {
  key: boolean;
  timestamp: number;
  /** The packet's RTP sequence number: each part's is one more than the last one's. */
  sequence: number;
  parts: Buffer[];
  size: number;
}

export interface Jt1078State {
  /** Pictures being assembled, by channel (a connection usually carries one). */
  pending: Map<number, PendingPicture>;
}

/** The parts of a picture, joined once its last one has come; undefined while it is incomplete, or when a part was lost (a gap in the sequence numbers, another time). */
const assemble = (state: Jt1078State, channel: number, subpackage: number, picture: PendingPicture): PendingPicture | undefined => {
  if (subpackage === SUBPACKAGE.atomic) return picture;
  if (subpackage > SUBPACKAGE.middle) return undefined;
  if (subpackage === SUBPACKAGE.first) {
    state.pending.set(channel, { ...picture, parts: picture.parts.map((part) => Buffer.from(part)) });
    return undefined;
  }
  const pending = state.pending.get(channel);
  const continues =
    pending !== undefined && pending.timestamp === picture.timestamp && picture.sequence === ((pending.sequence + 1) & 0xffff) && pending.size + picture.size <= MAX_PICTURE_BYTES;
  if (!continues || subpackage === SUBPACKAGE.last) state.pending.delete(channel);
  if (!continues) return undefined;
  pending.parts.push(Buffer.from(picture.parts[0]!));
  pending.size += picture.size;
  pending.sequence = picture.sequence;
  return subpackage === SUBPACKAGE.last ? pending : undefined;
};

const pictureOf = (frame: Buffer, layout: Jt1078Layout): PendingPicture => {
  const body = frame.subarray(layout.bodyStart, layout.bodyStart + layout.bodyLength);
  return { key: layout.dataType === DATA_TYPE.iFrame, timestamp: Number(frame.readBigUInt64BE(layout.timestampAt!)), sequence: frame.readUInt16BE(6), parts: [body], size: body.length };
};

/**
 * One JT/T 1078 media packet: it names its terminal by SIM, as JT808 does, and carries part of a
 * picture of one camera channel, which goes to the channel's live video once whole. Audio and
 * transparent data are not kept; nothing is acknowledged.
 */
export const decodeJt1078 = (frame: Buffer, context: DecodeContext<Jt1078State>): DecodeResult => {
  const layout = jt1078Layout(frame);
  if (layout === undefined || layout === 'unknown type') return nothing();
  const { uniqueId, alsoKnownAs } = identifiersOf(frame.subarray(8, 8 + layout.simLength));
  const identified: DecodeResult = { identify: uniqueId, ...(alsoKnownAs && { alsoKnownAs }), positions: [], ack: [] };
  const video = layout.dataType <= DATA_TYPE.bFrame && (frame[5]! & 0x7f) === H264;
  if (!video || !context.writeVideo || context.uniqueId === undefined || layout.bodyLength === 0) return identified;
  const channel = frame[layout.channelAt]!;
  const picture = assemble(context.state, channel, frame[layout.channelAt + 1]! & 0x0f, pictureOf(frame, layout));
  if (picture) context.writeVideo(context.uniqueId, channel, { data: picture.parts.length === 1 ? picture.parts[0]! : Buffer.concat(picture.parts, picture.size), timestamp: picture.timestamp, key: picture.key });
  return identified;
};
