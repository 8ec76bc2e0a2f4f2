import { endsLikeJpeg, isWholeJpeg } from '../jpeg-structure.js';
import { acceptableMediaSize, MediaAssembly } from '../media-assembly.js';
import { teltonikaPhotoRequest } from './teltonika.encoder.js';

/** The most the server asks for in one part (as Traccar does): a part must fit one codec 12 packet the device can build. */
export const PHOTO_PART_BYTES = 2048;

const PHOTO_READY = 0x01;
const PHOTO_PART = 0x02;

/** A photo arriving part by part, each one asked for by the server. */
export interface PhotoTransfer {
  photoId: number;
  assembly: MediaAssembly;
  /** Bytes the last request asked for. */
  requested: number;
}

/** Where a connection keeps the photo it is receiving: one at a time. */
export interface CameraState {
  photo?: PhotoTransfer;
}

/** What a camera message amounts to: the next request to send, or the stored photo's file name. */
export interface CameraOutcome {
  request?: Buffer;
  image?: string;
}

const nextRequest = (transfer: PhotoTransfer): Buffer => {
  const { assembly } = transfer;
  transfer.requested = assembly.expectedBytes === undefined ? PHOTO_PART_BYTES : Math.min(PHOTO_PART_BYTES, assembly.expectedBytes - assembly.size);
  return teltonikaPhotoRequest(transfer.photoId, assembly.size, transfer.requested);
};

/** `01`, photo id[, size]: a photo is ready; the server asks for its first part. */
const photoReady = (payload: Buffer, state: CameraState): CameraOutcome => {
  if (payload.length < 5) return {};
  // the captured FMB exchange announces the id alone; a size, where one follows, bounds the transfer
  const size = payload.length >= 9 ? payload.readUInt32BE(5) : undefined;
  if (size !== undefined && !acceptableMediaSize(size)) return {};
  const transfer: PhotoTransfer = { photoId: payload.readUInt32BE(1), assembly: new MediaAssembly(size), requested: 0 };
  state.photo = transfer;
  return { request: nextRequest(transfer) };
};

/**
 * Whether a photo without an announced size ended with `part`: one shorter than asked for, or one
 * completing a whole JPEG, so that a photo of an exact multiple of the part size is stored at its
 * last part rather than only when the camera answers the next request with an empty one.
 */
const endsUnannouncedPhoto = (assembly: MediaAssembly, part: Buffer, requested: number): boolean =>
  part.length < requested || (endsLikeJpeg(part) && isWholeJpeg(assembly.content()));

/**
 * `02`, photo id, offset, size, data: the part asked for. The photo ends when all of an announced
 * size has arrived or, when no size was announced, as endsUnannouncedPhoto tells.
 */
const photoPart = (payload: Buffer, transfer: PhotoTransfer, state: CameraState, store: (photo: Buffer) => string | undefined): CameraOutcome => {
  if (payload.length < 11) return {};
  const size = payload.readUInt16BE(9);
  const data = payload.subarray(11, 11 + size);
  const { assembly } = transfer;
  const expected = payload.readUInt32BE(1) === transfer.photoId && payload.readUInt32BE(5) === assembly.size && data.length === size && size <= transfer.requested;
  if (!expected || (size === 0 && assembly.expectedBytes !== undefined) || !assembly.append(data)) return {};
  const last = assembly.complete || (assembly.expectedBytes === undefined && endsUnannouncedPhoto(assembly, data, transfer.requested));
  if (!last) {
    state.photo = transfer;
    return { request: nextRequest(transfer) };
  }
  return assembly.size > 0 ? { image: store(assembly.content()) } : {};
};

/**
 * One codec 12 camera message (type `0D`) of a connection that keeps media. Anything but the part
 * asked for drops the photo being received; an unknown kind of camera message leaves it be.
 */
export const receiveCameraMessage = (payload: Buffer, state: CameraState, store: (photo: Buffer) => string | undefined): CameraOutcome => {
  const kind = payload[0];
  if (kind !== PHOTO_READY && kind !== PHOTO_PART) return {};
  const transfer = state.photo;
  state.photo = undefined;
  if (kind === PHOTO_READY) return photoReady(payload, state);
  return transfer ? photoPart(payload, transfer, state, store) : {};
};
