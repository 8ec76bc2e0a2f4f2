import { describe, expect, it } from 'vitest';
import { recordingMediaWriter } from '../../../test/helpers/media-writer.js';
import { MAX_MEDIA_BYTES } from '../media-assembly.js';
import type { DecodeContext } from '../protocol-definition.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import type { WatchState } from './watch.decoder.js';
import { createWatchFramer, WATCH_MAX_FRAME } from './watch.framer.js';
import { watchProtocol } from './watch.protocol.js';

const WATCH = '789468050042692';
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A frame as the framer hands it over (un-escaped): header text, then binary content, then `]`. */
const frame = (header: string, content: Buffer = Buffer.alloc(0)) => Buffer.concat([latin1(header), content, latin1(']')]);

// Traccar's JXTK test frames carry an index (0034…) and a message named watch_7_20220526093954
const voicePart = (current: number, total: number, audio: Buffer, name = 'watch_7_20220526093954') =>
  frame(`[ZJ*${WATCH}*00${30 + current}*0439*JXTK,0,${name},${current},${total},`, audio);
/** The reply the watch expects to each part, copying its index. */
const voiceReply = (current: number) => `[ZJ*${WATCH}*00${30 + current}*0007*JXTKR,1]`;

const image = (jpeg: Buffer, time = '220414134652') => frame(`[3G*${WATCH}*0010*img,5,${time},`, jpeg);

/** AMR audio whose bytes include those the frame itself uses. */
const amr = (size: number, fill: number) => Buffer.concat([latin1('#!AMR\n'), Buffer.alloc(size, fill), latin1('[],*}')]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), latin1('[],*}'), Buffer.from('7d5b2c5dffd9', 'hex')]);

/** A connection bound to the watch unless told, storing media unless told. */
const connection = ({ bound = true, keepsMedia = true, stores = true } = {}) => {
  const { written, writeMedia } = recordingMediaWriter({ stores });
  const state = watchProtocol.createState() as WatchState;
  const context: DecodeContext<unknown> = { uniqueId: bound ? WATCH : undefined, model: undefined, transport: 'tcp', state, now: () => 0, ...(keepsMedia ? { writeMedia } : {}) };
  const decode = (bytes: Buffer) => {
    const result = watchProtocol.decode(bytes, context);
    return { positions: result.positions, ack: result.ack.map((ack) => ack.toString('latin1')) };
  };
  return { state, written, decode };
};

describe('Watch img photos', () => {
  it('stores the JPEG after the time and names it on a position without a fix; no reply', () => {
    const { written, decode } = connection();
    const result = decode(image(JPEG));
    expect(result.ack).toEqual([]);
    expect(result.positions).toHaveLength(1);
    expect(result.positions[0]).toMatchObject({ uniqueId: WATCH, hasLocation: false, attributes: { image: 'media1.jpg' } });
    expect(written).toEqual([{ uniqueId: WATCH, data: JPEG, extension: 'jpg' }]);
  });

  it('stores the bytes the watch meant: the framer has undone the 7D escapes, the decoder does not again', () => {
    const { written, decode } = connection();
    const escaped = Buffer.concat([Buffer.from('ffd8', 'hex'), Buffer.from('7d027d037d047d057d01', 'hex'), Buffer.from('7d01027d01', 'hex')]);
    const frames = new FrameBuffer(createWatchFramer(), WATCH_MAX_FRAME).push(Buffer.concat([latin1(`[3G*${WATCH}*0010*img,5,220414134652,`), escaped, latin1(']')]));
    expect(frames).toHaveLength(1);
    expect(decode(frames[0]!).positions[0]?.attributes.image).toBe('media1.jpg');
    expect(written[0]!.data.toString('hex')).toBe('ffd8' + '5b5d2c2a7d' + '7d027d');
  });

  it('keeps nothing before the watch is bound, where media are not kept, for an unreadable time, without an image, or when it cannot be stored', () => {
    for (const [options, bytes] of [
      [{ bound: false }, image(JPEG)],
      [{ keepsMedia: false }, image(JPEG)],
      [{}, image(JPEG, '2204141346')],
      [{}, image(Buffer.alloc(0))],
      [{}, frame(`[3G*${WATCH}*0003*img]`)],
      [{ stores: false }, image(JPEG)],
    ] as const) {
      expect(connection(options).decode(bytes)).toEqual({ positions: [], ack: [] });
    }
  });
});

describe('Watch JXTK voice messages', () => {
  const parts = [amr(300, 0x11), Buffer.alloc(400, 0x22), Buffer.alloc(50, 0x33)];

  it('answers every part with JXTKR,1 and stores the AMR once the last is in', () => {
    const { state, written, decode } = connection();
    expect(decode(voicePart(1, 3, parts[0]!))).toEqual({ positions: [], ack: [voiceReply(1)] });
    expect(decode(voicePart(2, 3, parts[1]!))).toEqual({ positions: [], ack: [voiceReply(2)] });
    expect(written).toEqual([]);
    const last = decode(voicePart(3, 3, parts[2]!));
    expect(last.ack).toEqual([voiceReply(3)]);
    expect(last.positions).toHaveLength(1);
    expect(last.positions[0]).toMatchObject({ uniqueId: WATCH, hasLocation: false, attributes: { audio: 'media1.amr' } });
    expect(written).toEqual([{ uniqueId: WATCH, data: Buffer.concat(parts), extension: 'amr' }]);
    expect(state.voice).toBeUndefined();
  });

  it('stores a message of one part at once, and a part 1 starts a message anew', () => {
    const { written, decode } = connection();
    decode(voicePart(1, 3, parts[0]!));
    expect(decode(voicePart(1, 1, parts[1]!)).positions[0]?.attributes.audio).toBe('media1.amr');
    expect(written.map(({ data }) => data)).toEqual([parts[1]]);
  });

  it('takes a part sent again once', () => {
    const { written, decode } = connection();
    decode(voicePart(1, 3, parts[0]!));
    decode(voicePart(2, 3, parts[1]!));
    expect(decode(voicePart(2, 3, parts[1]!))).toEqual({ positions: [], ack: [voiceReply(2)] });
    expect(decode(voicePart(3, 3, parts[2]!)).positions).toHaveLength(1);
    expect(written[0]!.data).toEqual(Buffer.concat(parts));
  });

  it.each([
    ['a part skipped', voicePart(3, 3, parts[2]!)],
    ['a part of another message', voicePart(2, 3, parts[1]!, 'watch_8_20220526094000')],
    ['another count of parts', voicePart(2, 4, parts[1]!)],
  ])('drops the message on %s, still answering', (_case, wrong) => {
    const { state, written, decode } = connection();
    decode(voicePart(1, 3, parts[0]!));
    expect(decode(wrong).ack).toHaveLength(1);
    expect(state.voice).toBeUndefined();
    expect(decode(voicePart(2, 3, parts[1]!))).toEqual({ positions: [], ack: [voiceReply(2)] });
    expect(decode(voicePart(3, 3, parts[2]!)).positions).toEqual([]);
    expect(written).toEqual([]);
  });

  it.each([
    ['too few fields', frame(`[3G*${WATCH}*0008*JXTK,0,x]`)],
    ['parts that are not numbers', frame(`[3G*${WATCH}*0010*JXTK,0,x,a,b,data]`)],
    ['part 0', frame(`[3G*${WATCH}*0010*JXTK,0,x,0,2,data]`)],
    ['a part past the count', frame(`[3G*${WATCH}*0010*JXTK,0,x,3,2,data]`)],
  ])('neither answers nor keeps a part with %s, and drops the message under way', (_case, malformed) => {
    const { state, decode } = connection();
    decode(voicePart(1, 3, parts[0]!));
    expect(decode(malformed)).toEqual({ positions: [], ack: [] });
    expect(state.voice).toBeUndefined();
  });

  it('answers every part but keeps none before the watch is bound or where media are not kept', () => {
    for (const options of [{ bound: false }, { keepsMedia: false }]) {
      const { state, written, decode } = connection(options);
      for (let current = 1; current <= 3; current++) expect(decode(voicePart(current, 3, parts[current - 1]!))).toEqual({ positions: [], ack: [voiceReply(current)] });
      expect(state.voice).toBeUndefined();
      expect(written).toEqual([]);
    }
  });

  it('names no position for a message that could not be stored, and lets it go', () => {
    const { state, written, decode } = connection({ stores: false });
    decode(voicePart(1, 2, parts[0]!));
    expect(decode(voicePart(2, 2, parts[1]!))).toEqual({ positions: [], ack: [voiceReply(2)] });
    expect(written).toHaveLength(1);
    expect(state.voice).toBeUndefined();
  });

  it('drops a message that grows past the media limit, holding no more than the limit meanwhile', () => {
    const { state, written, decode } = connection();
    const megabyte = Buffer.alloc(1_000_000, 0x44);
    for (let current = 1; current <= 4; current++) decode(voicePart(current, 9, megabyte));
    expect(state.voice?.media.size).toBe(4_000_000);
    expect(decode(voicePart(5, 9, megabyte)).ack).toEqual([voiceReply(5)]);
    expect(state.voice).toBeUndefined();
    for (let current = 6; current <= 9; current++) expect(decode(voicePart(current, 9, megabyte)).positions).toEqual([]);
    expect(state.voice).toBeUndefined();
    expect(written).toEqual([]);
    expect(MAX_MEDIA_BYTES).toBeLessThan(5_000_000);
  });
});
