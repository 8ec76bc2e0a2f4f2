import { acceptableMediaSize, MediaAssembly } from '../media-assembly.js';
import type { DecodeContext, DecodeResult } from '../protocol-definition.js';
import type { ByteReader } from '../transport/byte-reader.js';
import { mediaPosition, setTime } from '../position-builder.js';
import { GT06_PHOTO_CHUNK, gt06Packet, gt06PhotoRequest } from './gt06.encoder.js';
import { left, type Gt06PhotoTransfer, type Gt06State } from './gt06-fields.js';

/** X1 photo information: time 6, fix status, latitude 4, longitude 4, camera, source, format, size 4, picture id 4. */
const X1_INFO_BYTES = 6 + 1 + 4 + 4 + 1 + 1 + 1 + 4 + 4;
/** An X1 photo part: picture id 4, offset 4, length 2, then the bytes. */
const X1_PART_HEADER_BYTES = 4 + 4 + 2;
/** WD-209 multimedia: serial number 8, time 4, GPS 14, cell 8, media id 4, size 4, type, format. */
const MULTIMEDIA_HEADER_BYTES = 8 + 4 + 14 + 8 + 4 + 4 + 1 + 1;
/** A JPEG photo's type and format: the only media WD-209 units send that are kept. */
const PHOTO = 0;

type Context = DecodeContext<Gt06State>;

/** Photos are kept on a connection bound to its device, where there is somewhere to store them. */
const keepsMedia = (context: Context): boolean => context.uniqueId !== undefined && context.writeMedia !== undefined;

/** The transfer under way is lost (a part that does not follow, a photo too large, nowhere to keep it). */
const dropped = (state: Gt06State, ack: Buffer[] = []): DecodeResult => {
  state.photo = undefined;
  return { positions: [], ack };
};

/** The whole photo, stored and named by a position without a fix; no position when it could not be stored. */
const stored = (context: Context, photo: Gt06PhotoTransfer, ack: Buffer[], time?: number): DecodeResult => {
  context.state.photo = undefined;
  const uniqueId = context.uniqueId!;
  const file = context.writeMedia!(uniqueId, photo.media.content(), 'jpg');
  if (file === undefined) return { positions: [], ack };
  const position = mediaPosition('gt06', uniqueId, context.now(), 'image', file);
  setTime(position, time);
  return { positions: [position], ack };
};

/** Asks for the bytes from what has arrived, at most a chunk. */
const requestNext = (photo: Gt06PhotoTransfer): Buffer =>
  gt06PhotoRequest(photo.id, photo.media.size, Math.min(photo.media.expectedBytes! - photo.media.size, GT06_PHOTO_CHUNK));

/**
 * X1 photo information (`78 78` 0x35): the camera announces a photo's size and id and waits to be
 * asked for it, part by part. Without media kept it is not asked for.
 */
export const decodeX1PhotoInfo = (reader: ByteReader, context: Context): DecodeResult => {
  const { state } = context;
  if (!keepsMedia(context) || left(reader) < X1_INFO_BYTES) return dropped(state);
  reader.skip(X1_INFO_BYTES - 8); // time, fix, camera and format: the photo is named by a position of its own
  const size = reader.u32();
  const id = reader.u32();
  if (!acceptableMediaSize(size)) return dropped(state);
  const photo: Gt06PhotoTransfer = { source: 'x1', id, media: new MediaAssembly(size), nextPacket: 0 };
  state.photo = photo;
  return { positions: [], ack: [requestNext(photo)] };
};

/**
 * An X1 photo part (`79 79` 0x36), the answer to the last request: the next one is asked for, or,
 * with the last byte in, the photo is stored. A part the request did not ask for ends the transfer.
 */
export const decodeX1PhotoPart = (reader: ByteReader, context: Context): DecodeResult => {
  const { state } = context;
  const photo = state.photo;
  if (!keepsMedia(context) || photo?.source !== 'x1' || left(reader) < X1_PART_HEADER_BYTES) return dropped(state);
  const id = reader.u32();
  const offset = reader.u32();
  const length = reader.u16();
  const missing = photo.media.expectedBytes! - photo.media.size;
  if (id !== photo.id || offset !== photo.media.size || length === 0 || length > missing || length > left(reader)) return dropped(state);
  if (!photo.media.append(reader.bytes(length))) return dropped(state);
  return photo.media.complete ? stored(context, photo, []) : { positions: [], ack: [requestNext(photo)] };
};

/**
 * WD-209 multimedia (`79 79` 0x41): packets numbered from 0, each acknowledged with an extended
 * 0x41 packet, as Traccar does; JPEG photos are kept, and stored once their announced size is in.
 */
export const decodeMultimedia = (reader: ByteReader, context: Context, serial: number): DecodeResult => {
  const { state } = context;
  if (left(reader) < MULTIMEDIA_HEADER_BYTES) return dropped(state);
  reader.skip(8); // serial number
  const time = reader.u32() * 1000;
  reader.skip(14 + 8); // GPS and cell: the photo is named by a position of its own
  const id = reader.u32();
  const size = reader.u32();
  const type = reader.u8();
  const format = reader.u8();
  const ack = [gt06Packet(0x41, serial, undefined, true)];
  if (type !== PHOTO || format !== PHOTO || !keepsMedia(context)) return { positions: [], ack };
  if (left(reader) < 3) return dropped(state, ack);
  reader.u8(); // event
  const packet = reader.u16();
  const data = reader.bytes(left(reader));
  if (packet === 0) {
    if (!acceptableMediaSize(size)) return dropped(state, ack);
    state.photo = { source: 'multimedia', id, media: new MediaAssembly(size), nextPacket: 0 };
  }
  const photo = state.photo;
  if (photo?.source !== 'multimedia' || photo.id !== id) return dropped(state, ack);
  // the packet sent again because its acknowledgement went missing is in already
  if (packet > 0 && packet === photo.nextPacket - 1) return { positions: [], ack };
  if (packet !== photo.nextPacket || !photo.media.append(data)) return dropped(state, ack);
  photo.nextPacket++;
  return photo.media.complete ? stored(context, photo, ack, time > 0 ? time : undefined) : { positions: [], ack };
};
