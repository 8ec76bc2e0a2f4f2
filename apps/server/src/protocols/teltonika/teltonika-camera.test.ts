import { describe, expect, it } from 'vitest';
import { recordingMediaWriter } from '../../../test/helpers/media-writer.js';
import { loadVectors, VECTOR_NOW } from '../../../test/helpers/protocol-vectors.js';
import { MAX_MEDIA_BYTES } from '../media-assembly.js';
import type { DecodeContext, Transport } from '../protocol-definition.js';
import { crc16Arc } from '../transport/crc16.js';
import { decodeTeltonika, type TeltonikaState } from './teltonika.decoder.js';

const IMEI = '123456789012345';
const photoVectors = loadVectors('teltonika').filter((vector) => vector.test === 'testDecodePhoto');
const captured = photoVectors.map((vector) => Buffer.from(vector.message, 'hex'));

/** A recording media store naming every file `name`. */
const recordingStore = (name = 'photo.jpg') => recordingMediaWriter({ name: () => name });

const contextWith = (
  state: TeltonikaState,
  options: { writeMedia?: DecodeContext<TeltonikaState>['writeMedia']; uniqueId?: string; transport?: Transport } = {},
): DecodeContext<TeltonikaState> => ({ uniqueId: 'uniqueId' in options ? options.uniqueId : IMEI, model: undefined, transport: options.transport ?? 'tcp', state, now: () => VECTOR_NOW, writeMedia: options.writeMedia });

/** A device's codec 12 camera message (type 0D) around `payload`, framed as a TCP AVL packet. */
const cameraFrame = (payload: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from([0x0c, 0x01, 0x0d]), Buffer.alloc(4), payload, Buffer.from([0x01])]);
  body.writeUInt32BE(payload.length, 3);
  const frame = Buffer.concat([Buffer.alloc(4), Buffer.alloc(4), body, Buffer.alloc(4)]);
  frame.writeUInt32BE(body.length, 4);
  frame.writeUInt32BE(crc16Arc(body), frame.length - 4);
  return frame;
};
const photoReady = (photoId: number, size?: number) => {
  const payload = Buffer.alloc(size === undefined ? 5 : 9);
  payload[0] = 0x01;
  payload.writeUInt32BE(photoId, 1);
  if (size !== undefined) payload.writeUInt32BE(size, 5);
  return cameraFrame(payload);
};
const photoPart = (photoId: number, offset: number, data: Buffer, declaredSize = data.length) => {
  const header = Buffer.alloc(11);
  header[0] = 0x02;
  header.writeUInt32BE(photoId, 1);
  header.writeUInt32BE(offset, 5);
  header.writeUInt16BE(declaredSize, 9);
  return cameraFrame(Buffer.concat([header, data]));
};
/** The frame with its camera message claiming `length` bytes, more than it has. */
const claimingLength = (frame: Buffer, length: number) => {
  const changed = Buffer.from(frame);
  changed.writeUInt32BE(length, 11);
  return changed;
};
const jpegBytes = (size: number, seed: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed) & 0xff));

// the requests, written out from the documented layout: preamble, length 0x13, codec 0C, one
// camera (0D) message of 11 bytes: 02, photo id, offset, size; quantity 1, then 0000 + CRC-16/ARC
const REQUEST_CAPTURED_FIRST = '00000000000000130c010d0000000b02598493ed000000000800010000f76b';
const REQUEST_CAPTURED_SECOND = '00000000000000130c010d0000000b02598493ed000008000800010000368a';
const REQUEST_7_AT_0 = '00000000000000130c010d0000000b02000000070000000008000100009634';
const REQUEST_7_AT_2048 = '00000000000000130c010d0000000b020000000700000800080001000057d5';
const REQUEST_7_LAST_1000_AT_4096 = '00000000000000130c010d0000000b02000000070000100003e801000097ca';

const hexes = (buffers: Buffer[]) => buffers.map((buffer) => buffer.toString('hex'));

describe('Teltonika camera photos (codec 12, type 0D)', () => {
  it("follows the captured exchange: asks for the announced photo in 2048-byte parts, then stores it when a shorter part ends it", () => {
    const store = recordingStore('f00d.jpg');
    const state: TeltonikaState = { extended: false };
    const context = contextWith(state, { writeMedia: store.writeMedia });
    // captured: IMEI, a camera status (00), the photo announced (01, id 598493ED), its first 2048 bytes
    expect(decodeTeltonika(captured[0]!, contextWith(state, { writeMedia: store.writeMedia, uniqueId: undefined })).identify).toBe(IMEI);
    const status = decodeTeltonika(captured[1]!, context);
    expect([status.positions, status.ack]).toEqual([[], []]);
    const ready = decodeTeltonika(captured[2]!, context);
    expect(ready.positions).toEqual([]);
    expect(hexes(ready.ack)).toEqual([REQUEST_CAPTURED_FIRST]);
    const first = decodeTeltonika(captured[3]!, context);
    expect(first.positions).toEqual([]);
    expect(hexes(first.ack)).toEqual([REQUEST_CAPTURED_SECOND]);

    // the rest of the photo: 700 bytes at offset 2048, fewer than asked for
    const rest = jpegBytes(700, 5);
    const last = decodeTeltonika(photoPart(0x598493ed, 2048, rest), context);
    expect(last.ack).toEqual([]);
    expect(last.positions).toHaveLength(1);
    expect(last.positions[0]).toMatchObject({ uniqueId: IMEI, protocol: 'teltonika', hasLocation: false, attributes: { image: 'f00d.jpg' } });
    // the captured part carries the photo's first bytes from byte 26 of its frame, after subtype, id, offset and size
    const sentFirst = captured[3]!.subarray(26, 26 + 2048);
    expect(sentFirst.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(store.written).toHaveLength(1);
    expect(store.written[0]).toMatchObject({ uniqueId: IMEI, extension: 'jpg' });
    expect(store.written[0]!.data.equals(Buffer.concat([sentFirst, rest]))).toBe(true);
    expect(state.photo).toBeUndefined();
  });

  it('stores a photo without an announced size that is an exact multiple of the part size at its last part, asking for no more', () => {
    const store = recordingStore();
    const state: TeltonikaState = { extended: false };
    const context = contextWith(state, { writeMedia: store.writeMedia });
    // the captured photo's real first part, then a second part ending its scan with the end-of-image marker
    const head = captured[3]!.subarray(26, 26 + 2048);
    const tail = Buffer.concat([Buffer.alloc(2046, 0x5a), Buffer.from('ffd9', 'hex')]);
    expect(hexes(decodeTeltonika(photoReady(7), context).ack)).toEqual([REQUEST_7_AT_0]);
    expect(hexes(decodeTeltonika(photoPart(7, 0, head), context).ack)).toEqual([REQUEST_7_AT_2048]);
    const done = decodeTeltonika(photoPart(7, 2048, tail), context);
    expect(done.ack).toEqual([]);
    expect(done.positions.map((position) => position.attributes.image)).toEqual(['photo.jpg']);
    expect(store.written.map((file) => file.data.equals(Buffer.concat([head, tail])))).toEqual([true]);
    expect(state.photo).toBeUndefined();
  });

  it('asks for the next part when a full part ends with an end marker that does not end the photo', () => {
    const state: TeltonikaState = { extended: false };
    const context = contextWith(state, { writeMedia: recordingStore().writeMedia });
    decodeTeltonika(photoReady(7), context);
    const notJpeg = Buffer.concat([jpegBytes(2046, 0), Buffer.from('ffd9', 'hex')]);
    const result = decodeTeltonika(photoPart(7, 0, notJpeg), context);
    expect(hexes(result.ack)).toEqual([REQUEST_7_AT_2048]);
    expect(result.positions).toEqual([]);
  });

  it('asks for an announced size part by part, the last for what remains, and stores exactly those bytes', () => {
    const store = recordingStore();
    const state: TeltonikaState = { extended: false };
    const context = contextWith(state, { writeMedia: store.writeMedia });
    const photo = jpegBytes(5096, 1);
    expect(hexes(decodeTeltonika(photoReady(7, 5096), context).ack)).toEqual([REQUEST_7_AT_0]);
    expect(hexes(decodeTeltonika(photoPart(7, 0, photo.subarray(0, 2048)), context).ack)).toEqual([REQUEST_7_AT_2048]);
    expect(hexes(decodeTeltonika(photoPart(7, 2048, photo.subarray(2048, 4096)), context).ack)).toEqual([REQUEST_7_LAST_1000_AT_4096]);
    const done = decodeTeltonika(photoPart(7, 4096, photo.subarray(4096)), context);
    expect(done.ack).toEqual([]);
    expect(done.positions.map((position) => position.attributes.image)).toEqual(['photo.jpg']);
    expect(store.written.map((file) => file.data.equals(photo))).toEqual([true]);
    expect(state.photo).toBeUndefined();
  });

  it('refuses an announced size past the cap: nothing asked for, nothing kept', () => {
    const state: TeltonikaState = { extended: false };
    const result = decodeTeltonika(photoReady(7, MAX_MEDIA_BYTES + 1), contextWith(state, { writeMedia: recordingStore().writeMedia }));
    expect([result.positions, result.ack]).toEqual([[], []]);
    expect(state.photo).toBeUndefined();
  });

  it('drops a photo without a size whose parts go on past the cap, storing nothing', () => {
    const store = recordingStore();
    const state: TeltonikaState = { extended: false };
    const context = contextWith(state, { writeMedia: store.writeMedia });
    decodeTeltonika(photoReady(7), context);
    const part = jpegBytes(2048, 3);
    const parts = MAX_MEDIA_BYTES / 2048;
    for (let index = 0; index < parts; index++) expect(decodeTeltonika(photoPart(7, index * 2048, part), context).ack).toHaveLength(1);
    expect(state.photo?.assembly.size).toBe(MAX_MEDIA_BYTES);
    const beyond = decodeTeltonika(photoPart(7, MAX_MEDIA_BYTES, part), context);
    expect([beyond.positions, beyond.ack]).toEqual([[], []]);
    expect(state.photo).toBeUndefined();
    expect(store.written).toEqual([]);
  });

  it.each([
    ['at the wrong offset', photoPart(7, 1024, jpegBytes(2048, 0))],
    ['of another photo', photoPart(8, 2048, jpegBytes(2048, 0))],
    ['larger than asked for', photoPart(7, 2048, jpegBytes(2049, 0))],
    ['cut short of its declared size', photoPart(7, 2048, jpegBytes(100, 0), 2048)],
    ['without its header', cameraFrame(Buffer.from('0200000007', 'hex'))],
    ['in a message longer than its frame', claimingLength(photoPart(7, 2048, jpegBytes(2048, 0)), 5000)],
    ['in a frame ending at its type', Buffer.from('00000000000000030c010d', 'hex')],
  ])('drops the photo on a part %s, and ignores the parts after it', (_case, wrong) => {
    const store = recordingStore();
    const state: TeltonikaState = { extended: false };
    const context = contextWith(state, { writeMedia: store.writeMedia });
    decodeTeltonika(photoReady(7, 5096), context);
    decodeTeltonika(photoPart(7, 0, jpegBytes(2048, 0)), context);
    const result = decodeTeltonika(wrong, context);
    expect([result.positions, result.ack]).toEqual([[], []]);
    expect(state.photo).toBeUndefined();
    const after = decodeTeltonika(photoPart(7, 2048, jpegBytes(2048, 0)), context);
    expect([after.positions, after.ack]).toEqual([[], []]);
    expect(store.written).toEqual([]);
  });

  it('starts over when a new photo is announced in the middle of one', () => {
    const store = recordingStore();
    const state: TeltonikaState = { extended: false };
    const context = contextWith(state, { writeMedia: store.writeMedia });
    decodeTeltonika(photoReady(9, 5096), context);
    decodeTeltonika(photoPart(9, 0, jpegBytes(2048, 0)), context);
    expect(hexes(decodeTeltonika(photoReady(7, 1000), context).ack)).toEqual(['00000000000000130c010d0000000b02000000070000000003e8010000540b']);
    const photo = jpegBytes(1000, 2);
    expect(decodeTeltonika(photoPart(7, 0, photo), context).positions.map((position) => position.attributes.image)).toEqual(['photo.jpg']);
    expect(store.written.map((file) => file.data.equals(photo))).toEqual([true]);
  });

  it('asks for nothing and keeps nothing where media are not kept, the connection is not bound, or it is UDP', () => {
    for (const context of [
      contextWith({ extended: false }),
      contextWith({ extended: false }, { writeMedia: recordingStore().writeMedia, uniqueId: undefined }),
    ]) {
      for (const frame of [captured[2]!, captured[3]!, photoReady(7, 1000)]) {
        const result = decodeTeltonika(frame, context);
        expect([result.positions, result.ack]).toEqual([[], []]);
      }
      expect(context.state.photo).toBeUndefined();
    }
    // UDP: the same camera message in a datagram is acknowledged as any, and no part is asked for
    const body = photoReady(7, 1000).subarray(8, -4);
    const imei = Buffer.from(IMEI, 'ascii');
    const datagram = Buffer.concat([Buffer.from([0x00, 0x00, 0xca, 0xfe, 0x01, 0x07, 0x00, 0x0f]), imei, body]);
    datagram.writeUInt16BE(datagram.length - 2, 0);
    const state: TeltonikaState = { extended: false };
    const udp = decodeTeltonika(datagram, contextWith(state, { writeMedia: recordingStore().writeMedia, transport: 'udp' }));
    expect(udp.positions).toEqual([]);
    expect(hexes(udp.ack)).toEqual(['0005cafe010701']);
    expect(state.photo).toBeUndefined();
  });

  it('stores no position when the photo cannot be written, and forgets the transfer', () => {
    const state: TeltonikaState = { extended: false };
    const context = contextWith(state, { writeMedia: () => undefined });
    decodeTeltonika(photoReady(7, 1000), context);
    const result = decodeTeltonika(photoPart(7, 0, jpegBytes(1000, 0)), context);
    expect([result.positions, result.ack]).toEqual([[], []]);
    expect(state.photo).toBeUndefined();
  });
});
