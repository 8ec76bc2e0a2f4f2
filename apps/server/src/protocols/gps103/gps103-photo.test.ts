import { describe, expect, it } from 'vitest';
import { recordingMediaWriter } from '../../../test/helpers/media-writer.js';
import { loadVectors, VECTOR_NOW } from '../../../test/helpers/protocol-vectors.js';
import { MAX_MEDIA_BYTES } from '../media-assembly.js';
import type { DecodeContext } from '../protocol-definition.js';
import { decodeGps103 } from './gps103.decoder.js';
import type { Gps103State } from './gps103-photo.js';

const IMEI = '864180034124375';
const vectors = loadVectors('gps103');
// captured: the photo announced as 14 parts (a position with keyword vt14), then its part 12
const capturedAnnouncement = vectors.find((vector) => vector.message.startsWith(`imei:${IMEI},vt14,`))!.message;
const capturedPart = vectors.find((vector) => vector.message.startsWith(`imei:${IMEI},vr,`))!.message;

const announcement = (parts: number, imei = IMEI) => capturedAnnouncement.replace(`imei:${IMEI},vt14,`, `imei:${imei},vt${parts},`);

/** `imei:<imei>,vr,<hex>`: index and length, little-endian, the data, then 2 check bytes (the capture's: the byte sum, 00). */
const part = (index: number, data: Buffer, options: { imei?: string; declaredLength?: number } = {}) => {
  const header = Buffer.alloc(4);
  header.writeUInt16LE(index, 0);
  header.writeUInt16LE(options.declaredLength ?? data.length, 2);
  const body = Buffer.concat([header, data]);
  const sum = body.reduce((total, byte) => (total + byte) & 0xff, 0);
  return `imei:${options.imei ?? IMEI},vr,${Buffer.concat([body, Buffer.from([sum, 0])]).toString('hex')}`;
};
const bytes = (size: number, seed: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + seed) & 0xff));

/** A recording media store naming every file `name`. */
const recordingStore = (name = 'photo.jpg') => recordingMediaWriter({ name: () => name });

const contextWith = (state: Gps103State, options: { writeMedia?: DecodeContext<Gps103State>['writeMedia']; uniqueId?: string } = {}): DecodeContext<Gps103State> => ({
  uniqueId: 'uniqueId' in options ? options.uniqueId : IMEI,
  model: undefined,
  transport: 'tcp',
  state,
  now: () => VECTOR_NOW,
  writeMedia: options.writeMedia,
});

const decode = (sentence: string, context: DecodeContext<Gps103State>) => decodeGps103(Buffer.from(sentence, 'latin1'), context);

describe('GPS103 photos (vt announcement, vr parts)', () => {
  it('assembles the announced parts in order and shows the photo on a position at the last location', () => {
    const store = recordingStore('c0ffee.jpg');
    const state: Gps103State = {};
    const context = contextWith(state, { writeMedia: store.writeMedia });
    const announced = decode(announcement(3), context);
    expect(announced.positions.map((position) => position.attributes.event)).toEqual(['vt3']);
    const photo = [bytes(506, 1), bytes(506, 2), bytes(120, 3)];
    for (const index of [0, 1]) {
      const result = decode(part(index, photo[index]!), context);
      expect([result.positions, result.ack]).toEqual([[], []]);
    }
    const last = decode(part(2, photo[2]!), context);
    expect(last.ack).toEqual([]);
    expect(last.identify).toBe(IMEI);
    expect(last.positions).toHaveLength(1);
    expect(last.positions[0]).toMatchObject({ uniqueId: IMEI, protocol: 'gps103', hasLocation: false, attributes: { image: 'c0ffee.jpg' } });
    expect(store.written).toHaveLength(1);
    expect(store.written[0]).toMatchObject({ uniqueId: IMEI, extension: 'jpg' });
    expect(store.written[0]!.data.equals(Buffer.concat(photo))).toBe(true);
    expect(state.photo).toBeUndefined();
  });

  it('takes the data of a captured part between its 4-byte header and its 2 check bytes', () => {
    const store = recordingStore();
    const context = contextWith({}, { writeMedia: store.writeMedia });
    decode(announcement(1), context);
    const sent = Buffer.from(capturedPart.slice(`imei:${IMEI},vr,`.length, -1), 'hex');
    // captured as part 12: numbered 0 here, the rest as sent
    const result = decode(`imei:${IMEI},vr,0000${sent.subarray(2).toString('hex')}`, context);
    expect(result.positions.map((position) => position.attributes.image)).toEqual(['photo.jpg']);
    expect(store.written[0]!.data.length).toBe(506);
    expect(store.written[0]!.data.equals(sent.subarray(4, 510))).toBe(true);
  });

  it("drops the captured photo: its part 12 is not the first of 14", () => {
    const store = recordingStore();
    const state: Gps103State = {};
    const context = contextWith(state, { writeMedia: store.writeMedia });
    expect(decode(capturedAnnouncement, context).positions).toHaveLength(1);
    expect(state.photo?.parts).toBe(14);
    const result = decode(capturedPart, context);
    expect([result.positions, result.ack]).toEqual([[], []]);
    expect(state.photo).toBeUndefined();
    expect(store.written).toEqual([]);
  });

  it.each([
    ['out of order', part(2, bytes(10, 0))],
    ['repeated', part(0, bytes(10, 0))],
    ['with a length its data does not have', part(1, bytes(10, 0), { declaredLength: 11 })],
    ['of another tracker', part(1, bytes(10, 0), { imei: '123456789012345' })],
    ['that is not hex', `imei:${IMEI},vr,01000a00zz`],
    ['too short for its header and check bytes', `imei:${IMEI},vr,0100000000`],
  ])('drops the photo on a part %s, and ignores the parts after it', (_case, wrong) => {
    const store = recordingStore();
    const state: Gps103State = {};
    const context = contextWith(state, { writeMedia: store.writeMedia });
    decode(announcement(3), context);
    decode(part(0, bytes(10, 0)), context);
    const result = decode(wrong, context);
    expect([result.positions, result.ack]).toEqual([[], []]);
    expect(state.photo).toBeUndefined();
    for (const index of [1, 2]) expect(decode(part(index, bytes(10, 0)), context).positions).toEqual([]);
    expect(store.written).toEqual([]);
  });

  it('drops a photo whose parts go on past the size cap, storing nothing', () => {
    const store = recordingStore();
    const state: Gps103State = {};
    const context = contextWith(state, { writeMedia: store.writeMedia });
    decode(announcement(99999), context);
    const data = bytes(4000, 9);
    const fitting = Math.floor(MAX_MEDIA_BYTES / data.length);
    for (let index = 0; index < fitting; index++) decode(part(index, data), context);
    expect(state.photo?.assembly.size).toBe(fitting * data.length);
    expect(decode(part(fitting, data), context).positions).toEqual([]);
    expect(state.photo).toBeUndefined();
    expect(store.written).toEqual([]);
  });

  it('starts over when a new photo is announced in the middle of one', () => {
    const store = recordingStore();
    const context = contextWith({}, { writeMedia: store.writeMedia });
    decode(announcement(5), context);
    decode(part(0, bytes(10, 0)), context);
    decode(announcement(1), context);
    const photo = bytes(30, 4);
    expect(decode(part(0, photo), context).positions.map((position) => position.attributes.image)).toEqual(['photo.jpg']);
    expect(store.written.map((file) => file.data.equals(photo))).toEqual([true]);
  });

  it('keeps nothing where media are not kept or the connection is not bound yet, and still reports the announcing position', () => {
    for (const context of [contextWith({}), contextWith({}, { writeMedia: recordingStore().writeMedia, uniqueId: undefined })]) {
      expect(decode(announcement(1), context).positions).toHaveLength(1);
      expect(context.state.photo).toBeUndefined();
      const result = decode(part(0, bytes(10, 0)), context);
      expect([result.positions, result.ack]).toEqual([[], []]);
    }
  });

  it('stores no position when the photo cannot be written, and forgets it', () => {
    const state: Gps103State = {};
    const context = contextWith(state, { writeMedia: () => undefined });
    decode(announcement(1), context);
    expect(decode(part(0, bytes(10, 0)), context).positions).toEqual([]);
    expect(state.photo).toBeUndefined();
  });
});
