import type { DecodedPosition } from '../decoded-position.js';
import { acceptableMediaSize, MAX_MEDIA_BYTES, MediaAssembly } from '../media-assembly.js';
import type { DecodeContext } from '../protocol-definition.js';
import { ByteReader } from '../transport/byte-reader.js';
import { decodeLocation } from './jt808-location.decoder.js';
import type { Jt808State } from './jt808.decoder.js';
import { jt808MediaUploadResponse, type Jt808Terminal } from './jt808.encoder.js';

export const MSG_MULTIMEDIA_EVENT = 0x0800;
export const MSG_MULTIMEDIA_DATA = 0x0801;

/** Where a sub-packaged message's slice belongs: packet `index` (from 1) of `count`. */
export interface Jt808Packaging {
  count: number;
  index: number;
}

/** A 4 MiB file in slices of 512 bytes; a device announcing more packets would only ever fill the cap with overhead. */
export const MAX_MEDIA_PACKETS = MAX_MEDIA_BYTES / 512;

/** The `image`, `audio` or `video` attribute, by the multimedia type byte. */
const MEDIA_KINDS = ['image', 'audio', 'video'] as const;
type MediaKind = (typeof MEDIA_KINDS)[number];

/** The file extension, by the multimedia format byte: JPEG, TIF, MP3, WAV, WMV. */
const MEDIA_EXTENSIONS = ['jpg', 'tif', 'mp3', 'wav', 'wmv'] as const;

/** Multimedia ID, type, format, event code and channel, then the 28-byte basic location. */
const UPLOAD_FIELDS = 8;
const BASIC_LOCATION = 28;

/** A 0x0801 upload under way on the connection: what its first packet said, and the file so far (absent when it is not kept). */
export interface Jt808MediaUpload {
  id: number;
  kind: MediaKind | undefined;
  extension: string | undefined;
  location: Buffer;
  count: number;
  next: number;
  file: MediaAssembly | undefined;
}

interface MediaPacket {
  terminal: Jt808Terminal;
  body: Buffer;
  packet: Jt808Packaging | undefined;
}

export interface MediaOutcome {
  positions: DecodedPosition[];
  ack: Buffer[];
}

const none = (): MediaOutcome => ({ positions: [], ack: [] });

/** The upload a first packet opens, with its slice of the file; undefined when it announces too many packets or its slice alone passes the cap. */
const openUpload = (body: Buffer, count: number, keep: boolean): Jt808MediaUpload | undefined => {
  if (count > MAX_MEDIA_PACKETS) return undefined;
  const reader = new ByteReader(body);
  const id = reader.u32();
  const kind = MEDIA_KINDS[reader.u8()];
  const extension = MEDIA_EXTENSIONS[reader.u8()];
  reader.skip(2); // event code and channel
  const location = Buffer.from(reader.bytes(BASIC_LOCATION));
  const file = keep && kind && extension ? new MediaAssembly() : undefined;
  const upload: Jt808MediaUpload = { id, kind, extension, location, count, next: 2, file };
  return !file || file.append(reader.rest()) ? upload : undefined;
};

/** The next packet of the upload under way; false when it is not the one expected or the file would grow past the cap. */
const continueUpload = (upload: Jt808MediaUpload | undefined, { count, index }: Jt808Packaging, slice: Buffer): upload is Jt808MediaUpload => {
  if (!upload || upload.count !== count || upload.next !== index) return false;
  if (upload.file && !upload.file.append(slice)) return false;
  upload.next++;
  return true;
};

/**
 * The whole upload, answered, and stored with its position at the basic location naming the file;
 * only answered when it is not kept (no media store, an unknown type or format, an empty file).
 */
const finish = (upload: Jt808MediaUpload, terminal: Jt808Terminal, uniqueId: string, context: DecodeContext<Jt808State>): MediaOutcome => {
  const ack = [jt808MediaUploadResponse(terminal, upload.id)];
  const { file, kind, extension } = upload;
  if (!file || !kind || !extension || !context.writeMedia || !acceptableMediaSize(file.size)) return { positions: [], ack };
  const name = context.writeMedia(context.uniqueId!, file.content(), extension);
  // unanswered, the terminal uploads it again
  if (name === undefined) return none();
  const position = decodeLocation(uniqueId, upload.location, context.now(), context.model, context.state.zone);
  position.attributes[kind] = name;
  return { positions: [position], ack };
};

/**
 * 0x0801 multimedia data upload, whole or one packet of it: the first packet carries the upload's
 * fields and the start of the file, the next ones the rest, in order. The last one is answered with
 * 0x8800; a packet out of place drops the upload. Only on a connection bound to its device: the
 * frame that binds is decoded again once it is, and would otherwise count twice.
 */
export const decodeMediaUpload = ({ terminal, body, packet }: MediaPacket, uniqueId: string, context: DecodeContext<Jt808State>): MediaOutcome => {
  if (context.uniqueId === undefined) return none();
  const { state } = context;
  const { count, index } = packet ?? { count: 1, index: 1 };
  if (index === 1) {
    state.media = undefined;
    if (count < 1 || body.length < UPLOAD_FIELDS + BASIC_LOCATION) return none();
    state.media = openUpload(body, count, context.writeMedia !== undefined);
  } else if (!continueUpload(state.media, { count, index }, body)) {
    state.media = undefined;
    return none();
  }
  const upload = state.media;
  if (!upload || upload.next <= upload.count) return none();
  state.media = undefined;
  return finish(upload, terminal, uniqueId, context);
};
