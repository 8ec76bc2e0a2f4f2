/** A file handed to a decoder's writeMedia: the device, a copy of the bytes, the extension. */
export interface WrittenMedia {
  uniqueId: string;
  data: Buffer;
  extension: string;
}

/**
 * A media writer for decoder tests: records every file handed to it in `written`, and names the n-th
 * (from 1) `name(n, extension)`, or, when `stores` is false, returns undefined as a store that failed.
 */
export const recordingMediaWriter = ({ stores = true, name = (count: number, extension: string) => `media${count}.${extension}` } = {}) => {
  const written: WrittenMedia[] = [];
  const writeMedia = (uniqueId: string, data: Buffer, extension: string): string | undefined => {
    written.push({ uniqueId, data: Buffer.from(data), extension });
    return stores ? name(written.length, extension) : undefined;
  };
  return { written, writeMedia };
};
