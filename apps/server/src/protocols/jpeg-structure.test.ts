import { describe, expect, it } from 'vitest';
import { loadVectors } from '../../test/helpers/protocol-vectors.js';
import { endsLikeJpeg, isWholeJpeg } from './jpeg-structure.js';

// a real camera's JPEG as far as its first 2048 bytes go: JFIF, tables, a restart interval, and
// the start of its scan (the captured Teltonika exchange, from byte 26 of its fourth frame)
const capturedPart = loadVectors('teltonika').filter((vector) => vector.test === 'testDecodePhoto')[3]!.message;
const realHead = Buffer.from(capturedPart, 'hex').subarray(26, 26 + 2048);

/** Entropy-coded bytes as an encoder writes them: a stuffed FF 00 and a restart marker among them. */
const scanData = (length: number): Buffer => {
  const bytes = Buffer.alloc(length, 0x5a);
  bytes.set([0xff, 0x00], Math.floor(length / 3));
  bytes.set([0xff, 0xd3], Math.floor((2 * length) / 3));
  return bytes;
};
const END = Buffer.from('ffd9', 'hex');
const segment = (marker: number, content: Buffer) => {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(content.length + 2, 2);
  return Buffer.concat([header, content]);
};

describe('isWholeJpeg', () => {
  it('knows a real photo cut after its first part is not whole, and whole once its scan reaches the end marker', () => {
    expect(isWholeJpeg(realHead)).toBe(false);
    expect(isWholeJpeg(Buffer.concat([realHead, scanData(2046), END]))).toBe(true);
  });

  it('does not take the end marker of a thumbnail inside a segment for the end of the photo', () => {
    const thumbnail = Buffer.concat([Buffer.from('ffd8', 'hex'), scanData(100), END]);
    const withThumbnail = Buffer.concat([Buffer.from('ffd8', 'hex'), segment(0xe1, thumbnail)]);
    expect(endsLikeJpeg(withThumbnail)).toBe(true);
    expect(isWholeJpeg(withThumbnail)).toBe(false);
    expect(isWholeJpeg(Buffer.concat([withThumbnail, realHead.subarray(2), scanData(500), END]))).toBe(true);
  });

  it('reads a progressive photo, whose scans follow one another, to its end', () => {
    const scan = (data: Buffer) => Buffer.concat([segment(0xda, Buffer.alloc(8)), data]);
    expect(isWholeJpeg(Buffer.concat([Buffer.from('ffd8', 'hex'), scan(scanData(300)), segment(0xc4, Buffer.alloc(20)), scan(scanData(300)), END]))).toBe(true);
  });

  it.each([
    ['bytes after the end marker', Buffer.concat([realHead, scanData(100), END, Buffer.alloc(4)])],
    ['no start-of-image marker', Buffer.concat([Buffer.from('0000', 'hex'), realHead.subarray(2), END])],
    ['a segment running past the end', Buffer.concat([Buffer.from('ffd8ffe0ffff', 'hex'), END])],
    ['a segment length under two', Buffer.concat([Buffer.from('ffd8ffe00001', 'hex'), END])],
    ['a byte where a marker should be', Buffer.from('ffd8 12 ffd9'.replaceAll(' ', ''), 'hex')],
    ['two bytes', END],
  ])('is not whole with %s', (_case, bytes) => {
    expect(isWholeJpeg(bytes)).toBe(false);
  });
});
