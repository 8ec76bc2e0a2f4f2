import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Content types of the media a browser is served, by file extension. */
const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  tif: 'image/tiff', tiff: 'image/tiff', mp4: 'video/mp4', h265: 'video/h265', wmv: 'video/x-ms-wmv', amr: 'audio/amr', wav: 'audio/wav', mp3: 'audio/mpeg',
};

/** Extensions a device's media may be stored under: the content types the store serves. */
const MEDIA_EXTENSION = /^[a-z0-9]{1,8}$/;

/** One path segment that cannot climb out of its folder. */
const SAFE_SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,128}$/;

export const isSafeSegment = (segment: string): boolean => SAFE_SEGMENT.test(segment);

/** Files of devices under one root folder: `<root>/<uniqueId>/<file>`. */
export const createMediaStore = (root: string) => {
  const fileOf = (uniqueId: string, file: string): string | undefined =>
    isSafeSegment(uniqueId) && isSafeSegment(file) ? path.join(root, uniqueId, file) : undefined;

  return {
    /** Writes the file, replacing an earlier one of the same name; false when the names are not safe. */
    write: async (uniqueId: string, file: string, data: Buffer): Promise<boolean> => {
      const target = fileOf(uniqueId, file);
      if (!target) return false;
      await fs.mkdir(path.dirname(target), { recursive: true });
      // written aside and renamed, so a reader never sees half a file
      const partial = `${target}.${process.pid}.part`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, target);
      return true;
    },
    /**
     * Stores a file a tracker sent (a photo, a voice message) under a new name, returned; undefined
     * when the identifier cannot name a folder. Synchronous, as decoders are: such files are rare
     * and small, and the position naming the file is stored only once the file is there.
     */
    writeNew: (uniqueId: string, data: Buffer, extension: string): string | undefined => {
      if (!MEDIA_EXTENSION.test(extension)) return undefined;
      const file = `${randomBytes(8).toString('hex')}.${extension}`;
      const target = fileOf(uniqueId, file);
      if (!target) return undefined;
      mkdirSync(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.part`;
      writeFileSync(partial, data);
      renameSync(partial, target);
      return file;
    },
    /** The file and its content type, or undefined when there is none. */
    read: async (uniqueId: string, file: string): Promise<{ data: Buffer; contentType: string } | undefined> => {
      const target = fileOf(uniqueId, file);
      if (!target) return undefined;
      try {
        const data = await fs.readFile(target);
        return { data, contentType: CONTENT_TYPES[path.extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream' };
      } catch {
        return undefined;
      }
    },
  };
};

export type MediaStore = ReturnType<typeof createMediaStore>;
