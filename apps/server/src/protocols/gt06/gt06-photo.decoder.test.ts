import { describe, expect, it } from 'vitest';
import { recordingMediaWriter } from '../../../test/helpers/media-writer.js';
import { MAX_MEDIA_BYTES } from '../media-assembly.js';
import type { DecodeContext } from '../protocol-definition.js';
import { FrameError } from '../transport/byte-reader.js';
import { gt06Packet } from './gt06.encoder.js';
import { decodeGt06, type Gt06State } from './gt06.decoder.js';
import { gt06Protocol } from './gt06.protocol.js';

const IMEI = '864717003283581';
const NOW = Date.UTC(2026, 0, 1);

// Traccar's test frame (shared/reference/vectors/gt06.json #91): an X1 camera announces photo
// 0x20E3ACD3 of 0x0CFA = 3322 bytes
const PHOTO_INFO = Buffer.from('78781f3511061a0b24330503107d06084889cb01000100000cfa20e3acd301333fcb0d0a', 'hex');
const PICTURE = 0x20e3acd3;

// The requests an X1 camera expects (`78 78 0F 36`, picture id, offset, length, serial 0, CRC-16/X-25),
// written out by hand, their CRCs from an implementation of CRC-16/X-25 apart from this code
const REQUESTS = [
  '78780f3620e3acd3000000000400000002ba0d0a', // offset 0, 1024 bytes
  '78780f3620e3acd3000004000400000012160d0a', // offset 1024
  '78780f3620e3acd3000008000400000023e20d0a', // offset 2048
  '78780f3620e3acd300000c0000fa0000beec0d0a', // offset 3072, the last 250 bytes
];

/** A JPEG of `size` bytes whose content is full of the bytes frames are made of (`0D 0A`, `78 78`, `79 79`). */
const jpeg = (size: number): Buffer => {
  const bytes = Buffer.alloc(size, 0);
  for (let i = 0; i < size; i++) bytes[i] = [0x0d, 0x0a, 0x78, 0x79, 0xff, i & 0xff][i % 6]!;
  Buffer.from('ffd8ffe0', 'hex').copy(bytes, 0);
  Buffer.from('ffd9', 'hex').copy(bytes, size - 2);
  return bytes;
};

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};
const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);

/** An X1 photo part, as the camera answers a request: `79 79` 0x36, picture id, offset, length, bytes. */
const photoPart = (picture: number, offset: number, bytes: Buffer, serial = 0x10, length = bytes.length): Buffer =>
  gt06Packet(0x36, serial, Buffer.concat([u32(picture), u32(offset), u16(length), bytes]), true);

/** An X1 photo announcement of our own making: time, fix, latitude, longitude, camera, source, format, size, id. */
const photoInfo = (picture: number, size: number): Buffer =>
  gt06Packet(0x35, 7, Buffer.concat([Buffer.from('1a01010c0000', 'hex'), Buffer.from([5]), u32(0), u32(0), Buffer.from([1, 0, 1]), u32(size), u32(picture)]));

interface MultimediaPacket {
  id: number;
  size: number;
  packet: number;
  bytes: Buffer;
  serial: number;
  /** Epoch seconds. */
  time?: number;
  type?: number;
  format?: number;
}

/** A WD-209 multimedia packet: serial number 8, time 4, GPS 14, cell 8, id, size, type, format, event, packet number, bytes. */
const multimedia = ({ id, size, packet, bytes, serial, time = 1_767_225_600, type = 0, format = 0 }: MultimediaPacket): Buffer =>
  gt06Packet(0x41, serial, Buffer.concat([Buffer.alloc(8, 0x11), u32(time), Buffer.alloc(14), Buffer.alloc(8), u32(id), u32(size), Buffer.from([type, format, 0x01]), u16(packet), bytes]), true);

/** The extended acknowledgement `79 79 00 05 41 <serial>` + CRC-16/X-25 + `0D 0A`, written out by hand. */
const MULTIMEDIA_ACKS: Record<number, string> = {
  1: '79790005410001ec030d0a',
  2: '79790005410002de980d0a',
  3: '79790005410003cf110d0a',
  7: '7979000541000789350d0a',
};

/** A connection of the device: bound after its login unless told, storing media unless told. */
const connection = ({ bound = true, keepsMedia = true, stores = true } = {}) => {
  const { written, writeMedia } = recordingMediaWriter({ stores, name: (count) => `photo${count}.jpg` });
  const state = gt06Protocol.createState() as Gt06State;
  const context: DecodeContext<Gt06State> = { uniqueId: bound ? IMEI : undefined, model: undefined, transport: 'tcp', state, now: () => NOW, ...(keepsMedia ? { writeMedia } : {}) };
  const decode = (frame: Buffer) => {
    const result = decodeGt06(frame, context);
    return { ...result, ack: result.ack.map((ack) => ack.toString('hex')) };
  };
  return { state, written, decode };
};

const nothing = { positions: [], ack: [] };

describe('GT06 X1 photos (0x35, 0x36)', () => {
  const photo = jpeg(3322);
  const part = (index: number) => photoPart(PICTURE, index * 1024, photo.subarray(index * 1024, (index + 1) * 1024));

  it('asks for the announced photo 1 KiB at a time, then stores the JPEG and names it on a position', () => {
    const { state, written, decode } = connection();
    expect(decode(PHOTO_INFO)).toEqual({ positions: [], ack: [REQUESTS[0]] });
    for (let index = 0; index < 3; index++) expect(decode(part(index))).toEqual({ positions: [], ack: [REQUESTS[index + 1]] });
    expect(written).toEqual([]);

    const last = decode(part(3));
    expect(last.ack).toEqual([]);
    expect(last.positions).toHaveLength(1);
    expect(last.positions[0]).toMatchObject({ uniqueId: IMEI, protocol: 'gt06', hasLocation: false, attributes: { image: 'photo1.jpg' } });
    expect(written).toHaveLength(1);
    expect(written[0]!.uniqueId).toBe(IMEI);
    expect(written[0]!.extension).toBe('jpg');
    expect(written[0]!.data.equals(photo)).toBe(true);
    expect(state.photo).toBeUndefined();
  });

  it.each([
    ['of another picture', photoPart(PICTURE + 1, 1024, photo.subarray(1024, 2048))],
    ['at an offset not asked for', photoPart(PICTURE, 2048, photo.subarray(2048, 3072))],
    ['repeating the part before', photoPart(PICTURE, 0, photo.subarray(0, 1024))],
    ['longer than the photo has left', photoPart(PICTURE, 1024, Buffer.alloc(3000, 1))],
    ['announcing more bytes than it carries', photoPart(PICTURE, 1024, photo.subarray(1024, 1100), 0x10, 1024)],
    ['without bytes', photoPart(PICTURE, 1024, Buffer.alloc(0))],
    ['cut short before its length', gt06Packet(0x36, 0x10, Buffer.concat([u32(PICTURE), u32(1024)]), true)],
  ])('drops the transfer on a part %s, and asks for nothing more', (_case, wrong) => {
    const { state, written, decode } = connection();
    decode(PHOTO_INFO);
    expect(decode(part(0)).ack).toEqual([REQUESTS[1]]);
    expect(decode(wrong)).toEqual(nothing);
    expect(state.photo).toBeUndefined();
    // the transfer does not pick up again where it was
    expect(decode(part(1))).toEqual(nothing);
    expect(written).toEqual([]);
  });

  it('does not ask for a photo of no size or larger than the media limit', () => {
    for (const size of [0, MAX_MEDIA_BYTES + 1, 0xffffffff]) {
      const { state, decode } = connection();
      expect(decode(photoInfo(PICTURE, size))).toEqual(nothing);
      expect(state.photo).toBeUndefined();
    }
    const { decode } = connection();
    expect(decode(photoInfo(PICTURE, MAX_MEDIA_BYTES)).ack).toEqual([REQUESTS[0]]);
  });

  it('asks for nothing and keeps nothing where media are not kept, or before the login', () => {
    for (const options of [{ keepsMedia: false }, { bound: false }]) {
      const { state, written, decode } = connection(options);
      expect(decode(PHOTO_INFO)).toEqual(nothing);
      expect(decode(part(0))).toEqual(nothing);
      expect(state.photo).toBeUndefined();
      expect(written).toEqual([]);
    }
  });

  it('names no position for a photo that could not be stored, and lets the transfer go', () => {
    const { state, written, decode } = connection({ stores: false });
    decode(PHOTO_INFO);
    for (let index = 0; index < 3; index++) decode(part(index));
    expect(decode(part(3))).toEqual(nothing);
    expect(written).toHaveLength(1);
    expect(state.photo).toBeUndefined();
  });

  it('replaces an unfinished photo by the one announced next', () => {
    const { written, decode } = connection();
    decode(PHOTO_INFO);
    decode(part(0));
    const other = jpeg(100);
    // picture 7, offset 0, the whole 100 bytes
    expect(decode(photoInfo(7, 100)).ack).toEqual(['78780f360000000700000000006400004bde0d0a']);
    expect(decode(photoPart(7, 0, other)).positions[0]?.attributes.image).toBe('photo1.jpg');
    expect(written).toHaveLength(1);
    expect(written[0]!.data.equals(other)).toBe(true);
  });

  it('drops the transfer, never throwing, on an announcement or part cut anywhere', () => {
    const info = PHOTO_INFO.subarray(4, PHOTO_INFO.length - 6);
    const first = photoPart(PICTURE, 0, photo.subarray(0, 1024)).subarray(5, -6);
    for (let cut = 0; cut < info.length; cut++) {
      const { state, decode } = connection();
      expect(decode(gt06Packet(0x35, 1, info.subarray(0, cut)))).toEqual(nothing);
      expect(state.photo).toBeUndefined();
    }
    for (let cut = 0; cut < first.length; cut++) {
      const { state, decode } = connection();
      decode(PHOTO_INFO);
      expect(decode(gt06Packet(0x36, 1, first.subarray(0, cut), true))).toEqual(nothing);
      expect(state.photo).toBeUndefined();
    }
  });
});

describe('GT06 WD-209 multimedia (0x41)', () => {
  const photo = jpeg(2500);
  const TIME = 1_767_225_600; // 2026-01-01T00:00:00Z
  const packet = (index: number, serial = index + 1) =>
    multimedia({ id: 42, size: photo.length, packet: index, bytes: photo.subarray(index * 1000, (index + 1) * 1000), serial, time: TIME + 60 });

  it('acknowledges every packet with an extended 0x41, and stores the photo once its size is in', () => {
    const { state, written, decode } = connection();
    expect(decode(packet(0))).toEqual({ positions: [], ack: [MULTIMEDIA_ACKS[1]] });
    expect(decode(packet(1))).toEqual({ positions: [], ack: [MULTIMEDIA_ACKS[2]] });
    const last = decode(packet(2));
    expect(last.ack).toEqual([MULTIMEDIA_ACKS[3]]);
    expect(last.positions).toHaveLength(1);
    expect(last.positions[0]).toMatchObject({ hasLocation: false, fixTime: Date.UTC(2026, 0, 1, 0, 1), attributes: { image: 'photo1.jpg' } });
    expect(written.map(({ extension }) => extension)).toEqual(['jpg']);
    expect(written[0]!.data.equals(photo)).toBe(true);
    expect(state.photo).toBeUndefined();
  });

  it('takes a packet sent again once, and drops the photo when a packet is missing', () => {
    const again = connection();
    again.decode(packet(0));
    again.decode(packet(1));
    expect(again.decode(packet(1, 7))).toEqual({ positions: [], ack: [MULTIMEDIA_ACKS[7]] });
    expect(again.decode(packet(2)).positions).toHaveLength(1);
    expect(again.written[0]!.data.equals(photo)).toBe(true);

    const missing = connection();
    missing.decode(packet(0));
    expect(missing.decode(packet(2))).toEqual({ positions: [], ack: [MULTIMEDIA_ACKS[3]] });
    expect(missing.state.photo).toBeUndefined();
    expect(missing.decode(packet(1)).positions).toEqual([]);
    expect(missing.written).toEqual([]);
  });

  it('acknowledges media other than JPEG photos, a photo larger than the limit, and every packet where media are not kept, keeping none', () => {
    const video = connection();
    expect(video.decode(multimedia({ id: 1, size: 10, packet: 0, bytes: Buffer.alloc(10), serial: 1, type: 1, format: 1 }))).toEqual({ positions: [], ack: [MULTIMEDIA_ACKS[1]] });
    expect(video.state.photo).toBeUndefined();

    const huge = connection();
    expect(huge.decode(multimedia({ id: 1, size: MAX_MEDIA_BYTES + 1, packet: 0, bytes: Buffer.alloc(10), serial: 2 }))).toEqual({ positions: [], ack: [MULTIMEDIA_ACKS[2]] });
    expect(huge.state.photo).toBeUndefined();

    const dropping = connection({ keepsMedia: false });
    for (let index = 0; index < 3; index++) expect(dropping.decode(packet(index))).toEqual({ positions: [], ack: [MULTIMEDIA_ACKS[index + 1]] });
    expect(dropping.state.photo).toBeUndefined();
  });

  it('drops the photo, never throwing, on a packet cut short', () => {
    const content = packet(1).subarray(5, -6);
    for (let cut = 0; cut < 47; cut++) {
      const { state, decode } = connection();
      decode(packet(0));
      const result = decode(gt06Packet(0x41, 2, content.subarray(0, cut), true));
      expect(result.positions).toEqual([]);
      expect(state.photo).toBeUndefined();
    }
  });

  it('only throws FrameError, whatever bytes a photo frame carries', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const frames = [PHOTO_INFO, photoPart(PICTURE, 0, photo.subarray(0, 1024)), packet(0), packet(1)];
    const { state, decode } = connection();
    for (let round = 0; round < 2000; round++) {
      const frame = Buffer.from(frames[round % frames.length]!);
      for (let flips = 1 + Math.floor(random() * 6); flips > 0; flips--) frame[4 + Math.floor(random() * (frame.length - 4))] = Math.floor(random() * 256);
      try {
        decode(frame);
      } catch (error) {
        expect(error).toBeInstanceOf(FrameError);
      }
      expect(state.photo?.media.size ?? 0).toBeLessThanOrEqual(MAX_MEDIA_BYTES);
    }
  });
});
