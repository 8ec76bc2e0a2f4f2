import { MediaAssembly } from '../media-assembly.js';

/** A photo the tracker announced (`vt<parts>`) and is sending in `vr` parts, numbered from 0. */
export interface Gps103Photo {
  parts: number;
  next: number;
  assembly: MediaAssembly;
}

/** Per-connection GPS103 state: the photo being received, one at a time. */
export interface Gps103State {
  photo?: Gps103Photo;
}

const ANNOUNCEMENT = /^vt(\d{1,5})$/;
/** `imei:<imei>,vr,<hex>`: part index and data length (both 2 bytes, little-endian), the data, 2 check bytes. */
const PART = /^imei:(\d+),vr,((?:[0-9A-Fa-f]{2})*);?$/;

/** A `vt<parts>` keyword starts a new photo; any other leaves the one being received be. */
export const startPhotoIfAnnounced = (keyword: string, state: Gps103State): void => {
  const announced = ANNOUNCEMENT.exec(keyword);
  if (!announced) return;
  const parts = Number(announced[1]);
  state.photo = parts > 0 ? { parts, next: 0, assembly: new MediaAssembly() } : undefined;
};

/** The IMEI of a `vr` message, or undefined when it is not one. */
export const photoPartImei = (sentence: string): string | undefined => PART.exec(sentence)?.[1];

/**
 * Adds a `vr` part to the photo being received and, after its last part, stores the photo and
 * returns the file name. A part out of order, malformed or past the size cap drops the photo.
 */
export const receivePhotoPart = (sentence: string, state: Gps103State, store: (photo: Buffer) => string | undefined): string | undefined => {
  const photo = state.photo;
  state.photo = undefined;
  const hex = PART.exec(sentence)?.[2];
  if (!photo || hex === undefined || hex.length < 12) return undefined;
  const part = Buffer.from(hex, 'hex');
  const data = part.subarray(4, part.length - 2);
  if (part.readUInt16LE(0) !== photo.next || part.readUInt16LE(2) !== data.length || !photo.assembly.append(data)) return undefined;
  photo.next++;
  if (photo.next < photo.parts) {
    state.photo = photo;
    return undefined;
  }
  return store(photo.assembly.content());
};
