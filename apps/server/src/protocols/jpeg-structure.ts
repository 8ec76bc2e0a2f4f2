const MARKER = 0xff;
const START_OF_IMAGE = 0xd8;
const END_OF_IMAGE = 0xd9;
const START_OF_SCAN = 0xda;
const TEMPORARY = 0x01;

/** Markers without a length: restart markers RST0–RST7 and TEM. */
const isStandalone = (marker: number): boolean => (marker >= 0xd0 && marker <= 0xd7) || marker === TEMPORARY;

/** One past a scan's entropy-coded data: there, a marker byte is followed by neither 00 (a stuffed byte) nor a restart marker. */
const endOfScanData = (bytes: Buffer, from: number): number => {
  for (let index = from; index + 1 < bytes.length; index++) {
    if (bytes[index] !== MARKER) continue;
    const next = bytes[index + 1]!;
    if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return index;
  }
  return bytes.length;
};

/**
 * Whether `bytes` are a whole JPEG file, ending at its end-of-image marker: its segments are walked
 * from the start, so the end marker of an embedded thumbnail, inside a segment, does not count.
 */
export const isWholeJpeg = (bytes: Buffer): boolean => {
  if (bytes.length < 4 || bytes[0] !== MARKER || bytes[1] !== START_OF_IMAGE) return false;
  let index = 2;
  while (index + 1 < bytes.length) {
    if (bytes[index] !== MARKER) return false;
    const marker = bytes[index + 1]!;
    if (marker === MARKER) {
      index++; // a fill byte before a marker
    } else if (marker === END_OF_IMAGE) {
      return index + 2 === bytes.length;
    } else if (isStandalone(marker)) {
      index += 2;
    } else {
      if (index + 4 > bytes.length) return false;
      const length = bytes.readUInt16BE(index + 2);
      if (length < 2) return false;
      index += 2 + length;
      if (marker === START_OF_SCAN) index = endOfScanData(bytes, index);
    }
  }
  return false;
};

/** Whether `part` could be a JPEG's last: it ends with the end-of-image marker (cheap to ask of every part). */
export const endsLikeJpeg = (part: Buffer): boolean => part.length >= 2 && part[part.length - 2] === MARKER && part[part.length - 1] === END_OF_IMAGE;
