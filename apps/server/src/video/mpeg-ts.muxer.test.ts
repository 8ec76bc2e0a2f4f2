import { describe, expect, it } from 'vitest';
import { readTransportStream } from '../../test/helpers/transport-stream-reader.js';
import { crc32Mpeg2, createTsMuxer } from './mpeg-ts.muxer.js';

const nal = (type: number, length: number) => Buffer.concat([Buffer.from([0, 0, 0, 1, type]), Buffer.alloc(length - 5, 0x2a)]);
const keyPicture = (length: number) => Buffer.concat([nal(0x67, 12), nal(0x68, 8), nal(0x65, length)]);
const DELIMITER = Buffer.from([0, 0, 0, 1, 0x09, 0xf0]);

/** Continuity counters by PID, in packet order, and whether every packet starts with the sync byte. */
const packetHeaders = (stream: Buffer) => {
  const counters = new Map<number, number[]>();
  let synced = stream.length % 188 === 0;
  for (let offset = 0; offset < stream.length; offset += 188) {
    synced &&= stream[offset] === 0x47;
    const pid = stream.readUInt16BE(offset + 1) & 0x1fff;
    counters.set(pid, [...(counters.get(pid) ?? []), stream[offset + 3]! & 0x0f]);
  }
  return { counters, synced };
};

describe('createTsMuxer', () => {
  it('computes the CRC of MPEG-2 tables (its check value for "123456789")', () => {
    expect(crc32Mpeg2(Buffer.from('123456789')).toString(16)).toBe('376e6e7');
  });

  it('writes pictures a demuxer reads back whole, with their timestamps, the H.264 program and a delimiter before each', () => {
    const muxer = createTsMuxer();
    // a small picture (stuffed into one packet), one that ends a packet exactly, and one over many
    const pictures = [
      { data: keyPicture(40), pts: 900_000, key: true },
      { data: nal(0x41, 184 - 20 - 6), pts: 903_600, key: false },
      { data: nal(0x41, 5_000), pts: 907_200, key: false },
      { data: keyPicture(70_000), pts: 910_800, key: true },
    ];
    const stream = Buffer.concat(pictures.map((picture) => muxer.write(picture)));
    const read = readTransportStream(stream);
    expect(read.codecs).toEqual(['avc']);
    expect(read.pictures.map((picture) => picture.pts)).toEqual([900_000, 903_600, 907_200, 910_800]);
    expect(read.pictures.map((picture) => picture.data.equals(Buffer.concat([DELIMITER, pictures[read.pictures.indexOf(picture)]!.data])))).toEqual([true, true, true, true]);
  });

  it('fills the last packet of a picture exactly, whatever its size: no stuffing, one byte of it, or more', () => {
    const muxer = createTsMuxer();
    // with the clock in its first packet a picture's PES packet has 176 bytes there and 184 in each after
    const sizes = [...Array.from({ length: 8 }, (_, i) => 152 + i), ...Array.from({ length: 8 }, (_, i) => 336 + i)];
    const pictures = sizes.map((size, index) => ({ data: nal(0x41, size), pts: (index + 1) * 3_600, key: false }));
    // a key frame first: the tables before it tell a demuxer what the stream is
    const stream = Buffer.concat([muxer.write({ data: keyPicture(100), pts: 0, key: true }), ...pictures.map((picture) => muxer.write(picture))]);
    expect(stream.length % 188).toBe(0);
    const read = readTransportStream(stream).pictures.slice(1);
    expect(read.map((picture) => picture.data.length - 6)).toEqual(sizes);
    expect(read.every((picture, index) => picture.data.subarray(6).equals(pictures[index]!.data))).toBe(true);
  });

  it('keeps every packet at 188 bytes and each PID counting on, the tables before each key frame', () => {
    const muxer = createTsMuxer();
    const stream = Buffer.concat([muxer.write({ data: keyPicture(3_000), pts: 0, key: true }), muxer.write({ data: nal(0x41, 900), pts: 3_600, key: false }), muxer.write({ data: keyPicture(500), pts: 7_200, key: true })]);
    const { counters, synced } = packetHeaders(stream);
    expect(synced).toBe(true);
    expect(counters.get(0x0000)).toEqual([0, 1]);
    expect(counters.get(0x1000)).toEqual([0, 1]);
    const video = counters.get(0x0100)!;
    expect(video.every((count, index) => count === index % 16)).toBe(true);
  });

  it('wraps the clock at 2^33, as its 33-bit field does', () => {
    const read = readTransportStream(createTsMuxer().write({ data: keyPicture(300), pts: 2 ** 33 + 90, key: true }));
    expect(read.pictures.map((picture) => picture.pts)).toEqual([90]);
  });
});
