import { describe, expect, it } from 'vitest';
import { recordingMediaWriter } from '../../../test/helpers/media-writer.js';
import { VECTOR_NOW } from '../../../test/helpers/protocol-vectors.js';
import { MAX_MEDIA_BYTES } from '../media-assembly.js';
import type { DecodeContext, DecodeResult } from '../protocol-definition.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import { decodeJt808, type Jt808State } from './jt808.decoder.js';
import { createJt808Framer, JT808_MAX_FRAME } from './jt808.framer.js';
import { jt808Protocol } from './jt808.protocol.js';

const PHONE = '013912345678';
const PHONE_2019 = '00000000013912345678';

// the 0x8800 answers, worked out by hand: 8800, body length 5, the phone, serial 0000, multimedia ID, no packet to resend, XOR
const UPLOAD_7_DONE = '7e8800000501391234567800000000000700ba7e';
const UPLOAD_1_DONE = '7e8800000501391234567800000000000100bc7e';
// the 2019 layout: bit 14 in the properties, version 1, the 10-byte phone
const UPLOAD_9_DONE_2019 = '7e88004005010000000001391234567800000000000900f57e';

/** Alarms 0, status positioned, 22.644830 N 114.029380 E, 50 m, speed 0, course 0, 2020-08-07 18:07:22 GMT+8. */
const BASIC_LOCATION = Buffer.from('00000000000000020159885e06cbf344003200000000200807180722', 'hex');

/** A JPEG's markers around bytes that run through every value, the frame delimiter 7E and the escape 7D among them. */
const PHOTO = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from(Array.from({ length: 1492 }, (_, i) => (i * 37) % 256)), Buffer.from('ffd9', 'hex')]);

interface FrameOptions {
  serial?: number;
  packet?: [count: number, index: number];
  version?: number;
}

/** A terminal's frame as it goes on the wire: header (sub-packaged when `packet` is given), body, XOR, escaped between the delimiters. */
const deviceFrame = (type: number, body: Buffer, { serial = 1, packet, version }: FrameOptions = {}): Buffer => {
  const properties = body.length | (packet ? 0x2000 : 0) | (version !== undefined ? 0x4000 : 0);
  const words = (...values: number[]) => Buffer.from(values.flatMap((value) => [value >> 8, value & 0xff]));
  const content = Buffer.concat([
    words(type, properties),
    version !== undefined ? Buffer.from([version]) : Buffer.alloc(0),
    Buffer.from(version !== undefined ? PHONE_2019 : PHONE, 'hex'),
    words(serial),
    packet ? words(...packet) : Buffer.alloc(0),
    body,
  ]);
  const checksum = content.reduce((xor, byte) => xor ^ byte, 0);
  const inner = [...content, checksum].flatMap((byte) => (byte === 0x7e ? [0x7d, 0x02] : byte === 0x7d ? [0x7d, 0x01] : [byte]));
  return Buffer.from([0x7e, ...inner, 0x7e]);
};

/** The fields of a first (or only) 0x0801 packet: multimedia ID, type, format, event code 1, channel 1, the basic location. */
const uploadFields = (id: number, type: number, format: number) => {
  const fields = Buffer.from([0, 0, 0, 0, type, format, 1, 1]);
  fields.writeUInt32BE(id);
  return Buffer.concat([fields, BASIC_LOCATION]);
};

/** The three 0x0801 packets of one upload: the fields and the photo's first 600 bytes, then 600, then the rest. */
const threePackets = (id: number, photo: Buffer, options: Omit<FrameOptions, 'packet'> = {}): Buffer[] => [
  deviceFrame(0x0801, Buffer.concat([uploadFields(id, 0, 0), photo.subarray(0, 600)]), { ...options, packet: [3, 1] }),
  deviceFrame(0x0801, photo.subarray(600, 1200), { ...options, packet: [3, 2] }),
  deviceFrame(0x0801, photo.subarray(1200), { ...options, packet: [3, 3] }),
];

/** A connection bound to the terminal, whose files are recorded and named `photo-<n>.<extension>` (not stored with `storeFails`). */
const connection = (options: { uniqueId?: string; keepsMedia?: boolean; storeFails?: boolean } = {}) => {
  const { written: stored, writeMedia } = recordingMediaWriter({ stores: !options.storeFails, name: (count, extension) => `photo-${count}.${extension}` });
  const state = jt808Protocol.createState() as Jt808State;
  const context: DecodeContext<Jt808State> = {
    uniqueId: 'uniqueId' in options ? options.uniqueId : '13912345678',
    model: undefined,
    transport: 'tcp',
    state,
    now: () => VECTOR_NOW,
    ...(options.keepsMedia !== false && { writeMedia }),
  };
  const frames = new FrameBuffer(createJt808Framer(), JT808_MAX_FRAME);
  /** Each wire frame through the connection's framer and the decoder. */
  const receive = (...wire: Buffer[]): DecodeResult[] => wire.flatMap((bytes) => frames.push(bytes).map((frame) => decodeJt808(frame, context)));
  return { stored, state, context, receive };
};

const acks = (results: DecodeResult[]) => results.flatMap((result) => result.ack.map((ack) => ack.toString('hex')));
const positions = (results: DecodeResult[]) => results.flatMap((result) => result.positions);

describe('JT808 multimedia upload', () => {
  it('assembles a photo sent in three escaped packets, stores it, and answers only the last with 0x8800', () => {
    // the photo's own 7E and 7D go escaped on the wire
    expect(PHOTO.subarray(0, 1200).includes(0x7e) && PHOTO.subarray(0, 1200).includes(0x7d)).toBe(true);
    const { stored, state, receive } = connection();
    const [first, second, third] = threePackets(7, PHOTO);

    const beforeLast = receive(first!, second!);
    expect(beforeLast.map((result) => result.identify)).toEqual(['13912345678', '13912345678']);
    expect(positions(beforeLast)).toEqual([]);
    expect(acks(beforeLast)).toEqual([]);
    expect(stored).toEqual([]);

    const last = receive(third!);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.uniqueId).toBe('13912345678');
    expect(stored[0]!.extension).toBe('jpg');
    expect(stored[0]!.data.equals(PHOTO)).toBe(true);
    expect(positions(last)).toHaveLength(1);
    expect(positions(last)[0]).toMatchObject({
      uniqueId: '13912345678',
      valid: true,
      hasLocation: true,
      latitude: 22.64483,
      longitude: 114.02938,
      altitude: 50,
      fixTime: Date.UTC(2020, 7, 7, 10, 7, 22),
      attributes: { image: 'photo-1.jpg' },
    });
    expect(acks(last)).toEqual([UPLOAD_7_DONE]);
    expect(state.media).toBeUndefined();
  });

  it('takes a packet split across reads: the framer un-escapes it whole', () => {
    const { stored, receive } = connection();
    const [first, second, third] = threePackets(7, PHOTO);
    const results = receive(first!.subarray(0, 100), first!.subarray(100), second!, third!.subarray(0, 3), third!.subarray(3));
    expect(stored[0]!.data.equals(PHOTO)).toBe(true);
    expect(acks(results)).toEqual([UPLOAD_7_DONE]);
  });

  it('stores a single-packet upload at once, a WAV voice recording as audio', () => {
    const { stored, receive } = connection();
    const voice = Buffer.from('RIFF\x7e\x7d\x00\x01WAVEfmt ', 'latin1');
    const results = receive(deviceFrame(0x0801, Buffer.concat([uploadFields(1, 1, 3), voice])));
    expect(stored.map(({ extension, data }) => [extension, data.toString('latin1')])).toEqual([['wav', voice.toString('latin1')]]);
    expect(positions(results)[0]!.attributes).toMatchObject({ audio: 'photo-1.wav' });
    expect(positions(results)[0]!.attributes).not.toHaveProperty('image');
    expect(acks(results)).toEqual([UPLOAD_1_DONE]);
  });

  it('names a video by its type and a TIF, MP3 or WMV by its format', () => {
    const { stored, receive } = connection();
    const results = receive(
      deviceFrame(0x0801, Buffer.concat([uploadFields(1, 2, 4), Buffer.from('wmv')])),
      deviceFrame(0x0801, Buffer.concat([uploadFields(1, 0, 1), Buffer.from('tif')])),
      deviceFrame(0x0801, Buffer.concat([uploadFields(1, 1, 2), Buffer.from('mp3')])),
    );
    expect(stored.map(({ extension }) => extension)).toEqual(['wmv', 'tif', 'mp3']);
    expect(positions(results).map((position) => position.attributes)).toMatchObject([{ video: 'photo-1.wmv' }, { image: 'photo-2.tif' }, { audio: 'photo-3.mp3' }]);
  });

  it('reads the sub-packaged 2019 header (version byte, 10-byte phone) and answers in it', () => {
    const { stored, receive } = connection();
    const results = receive(...threePackets(9, PHOTO, { version: 1 }));
    expect(results.map((result) => result.identify)).toEqual(['13912345678', '13912345678', '13912345678']);
    expect(stored[0]!.data.equals(PHOTO)).toBe(true);
    expect(acks(results)).toEqual([UPLOAD_9_DONE_2019]);
  });

  it('stores the file under the identifier the device is registered with', () => {
    const { stored, receive } = connection({ uniqueId: PHONE });
    receive(...threePackets(7, PHOTO));
    expect(stored.map((file) => file.uniqueId)).toEqual([PHONE]);
  });

  it('answers the 0x0800 multimedia event with the 0x8001 general response and no position', () => {
    const { receive } = connection();
    const results = receive(deviceFrame(0x0800, Buffer.from('0000000700000101', 'hex'), { serial: 5 }));
    expect(positions(results)).toEqual([]);
    expect(acks(results)).toEqual(['7e8001000501391234567800000005080000b97e']);
  });

  it('acknowledges a sub-packaged message of another type without reading its slice as the whole message', () => {
    const { receive } = connection();
    const location = Buffer.concat([BASIC_LOCATION, Buffer.from('01040000000a', 'hex')]);
    const results = receive(deviceFrame(0x0200, location.subarray(0, 20), { serial: 4, packet: [2, 1] }));
    expect(positions(results)).toEqual([]);
    expect(acks(results)).toEqual(['7e8001000501391234567800000004020000b27e']);
  });

  it('drops an upload whose packet comes out of order, then takes the next upload whole', () => {
    const { stored, state, receive } = connection();
    const [first, second, third] = threePackets(7, PHOTO);
    const skipped = receive(first!, third!, second!);
    expect(positions(skipped)).toEqual([]);
    expect(acks(skipped)).toEqual([]);
    expect(state.media).toBeUndefined();

    const repeated = receive(first!, second!, second!, third!);
    expect(acks(repeated)).toEqual([]);
    expect(stored).toEqual([]);

    expect(acks(receive(...threePackets(7, PHOTO)))).toEqual([UPLOAD_7_DONE]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data.equals(PHOTO)).toBe(true);
  });

  it('drops an upload whose packet total changes', () => {
    const { stored, state, receive } = connection();
    const [first] = threePackets(7, PHOTO);
    const results = receive(first!, deviceFrame(0x0801, PHOTO.subarray(600, 1200), { packet: [4, 2] }), deviceFrame(0x0801, PHOTO.subarray(1200), { packet: [4, 3] }));
    expect(acks(results)).toEqual([]);
    expect(positions(results)).toEqual([]);
    expect(stored).toEqual([]);
    expect(state.media).toBeUndefined();
  });

  it('starts over when a new upload begins before the last one ended', () => {
    const { stored, receive } = connection();
    const other = Buffer.alloc(1500, 0x55);
    const [abandoned, half] = threePackets(6, other);
    const results = receive(abandoned!, half!, ...threePackets(7, PHOTO));
    expect(acks(results)).toEqual([UPLOAD_7_DONE]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data.equals(PHOTO)).toBe(true);
  });

  it('drops malformed packets without throwing: fields cut short, packet 0, a packet past the total, a continuation with nothing before it', () => {
    const { stored, state, receive } = connection();
    const results = receive(
      deviceFrame(0x0801, uploadFields(7, 0, 0).subarray(0, 20), { packet: [3, 1] }),
      deviceFrame(0x0801, PHOTO.subarray(600, 1200), { packet: [3, 2] }),
      deviceFrame(0x0801, Buffer.concat([uploadFields(7, 0, 0), PHOTO.subarray(0, 600)]), { packet: [0, 1] }),
      deviceFrame(0x0801, PHOTO.subarray(0, 10), { packet: [3, 0] }),
      deviceFrame(0x0801, PHOTO.subarray(0, 10), { packet: [3, 4] }),
    );
    expect(acks(results)).toEqual([]);
    expect(positions(results)).toEqual([]);
    expect(stored).toEqual([]);
    expect(state.media).toBeUndefined();
  });

  it('opens no upload announcing more packets than a capped file needs', () => {
    const { state, receive } = connection();
    receive(deviceFrame(0x0801, Buffer.concat([uploadFields(7, 0, 0), PHOTO.subarray(0, 600)]), { packet: [60_000, 1] }));
    expect(state.media).toBeUndefined();
    expect(acks(receive(deviceFrame(0x0801, PHOTO.subarray(0, 600), { packet: [60_000, 2] })))).toEqual([]);
  });

  it(`drops an upload growing past ${MAX_MEDIA_BYTES} bytes, and answers nothing for it`, () => {
    const { stored, state, receive } = connection();
    // 4300 slices of 1000 bytes: a total the packet bound admits, a size past the cap
    const slice = Buffer.alloc(1000, 0xab);
    const count = 4300;
    const results = receive(deviceFrame(0x0801, Buffer.concat([uploadFields(7, 0, 0), slice]), { packet: [count, 1] }));
    for (let index = 2; index <= count; index++) results.push(...receive(deviceFrame(0x0801, slice, { packet: [count, index] })));
    expect(results).toHaveLength(count);
    expect(acks(results)).toEqual([]);
    expect(positions(results)).toEqual([]);
    expect(stored).toEqual([]);
    expect(state.media).toBeUndefined();
  });

  it('without a media store, keeps nothing and still answers the complete upload with 0x8800', () => {
    const { state, receive } = connection({ keepsMedia: false });
    const [first, second, third] = threePackets(7, PHOTO);
    receive(first!, second!);
    expect(state.media?.file).toBeUndefined();
    const results = receive(third!);
    expect(positions(results)).toEqual([]);
    expect(acks(results)).toEqual([UPLOAD_7_DONE]);
    expect(state.media).toBeUndefined();
  });

  it('leaves a file that could not be stored unanswered, so the terminal uploads it again', () => {
    const { state, receive } = connection({ storeFails: true });
    const results = receive(...threePackets(7, PHOTO));
    expect(positions(results)).toEqual([]);
    expect(acks(results)).toEqual([]);
    expect(state.media).toBeUndefined();
  });

  it('keeps nothing on a connection not yet bound to its device: the frame is decoded again once it is', () => {
    const { stored, state, receive } = connection({ uniqueId: undefined });
    const [first] = threePackets(7, PHOTO);
    const results = receive(first!);
    expect(results.map((result) => result.identify)).toEqual(['13912345678']);
    expect(acks(results)).toEqual([]);
    expect(state.media).toBeUndefined();
    expect(stored).toEqual([]);
  });
});
