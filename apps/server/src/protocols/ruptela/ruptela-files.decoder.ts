import { MediaAssembly } from '../media-assembly.js';
import { mediaPosition } from '../position-builder.js';
import type { DecodeContext, DecodeResult } from '../protocol-definition.js';
import type { ByteReader } from '../transport/byte-reader.js';
import { RUPTELA_FILE_PART, ruptelaFilePartRequest } from './ruptela.encoder.js';

const FILE_NAME = 8;

/** A photo on its way in: where it comes from, its 8-byte name, its part count and the part expected next. */
interface PhotoTransfer {
  source: number;
  file: Buffer;
  total: number;
  next: number;
  assembly: MediaAssembly;
}

/** What the photo exchange keeps of a connection. */
export interface RuptelaState {
  photo?: PhotoTransfer;
}

/** The part continues the transfer: same source, file and count, the number expected next. */
const continues = (transfer: PhotoTransfer | undefined, source: number, file: Buffer, total: number, current: number): transfer is PhotoTransfer =>
  transfer !== undefined && transfer.source === source && transfer.file.equals(file) && transfer.total === total && transfer.next === current;

/**
 * Command 37: [sub-command][source], and for a file part [name 8][part count 2][part number 2][data].
 * The first part starts the file, each next one adds to it and asks for the one after, the last
 * stores it as the position's `image`; any other part drops the transfer.
 */
export const decodeFilePart = (uniqueId: string, reader: ByteReader, context: DecodeContext<RuptelaState | undefined>): DecodeResult => {
  const result: DecodeResult = { identify: uniqueId, positions: [], ack: [] };
  const state = context.state;
  if (!state) return result;
  const ongoing = state.photo;
  // cleared before reading: a part cut short throws, and must not leave the transfer waiting
  state.photo = undefined;
  if (context.writeMedia === undefined || context.uniqueId !== uniqueId || reader.u8() !== RUPTELA_FILE_PART) return result;
  const source = reader.u8();
  const file = Buffer.from(reader.bytes(FILE_NAME));
  const total = reader.u16();
  const current = reader.u16();
  if (current >= total) return result;
  const transfer = current === 0 ? { source, file, total, next: 0, assembly: new MediaAssembly() } : ongoing;
  if (!continues(transfer, source, file, total, current) || !transfer.assembly.append(reader.rest())) return result;
  if (current === total - 1) {
    const image = context.writeMedia(uniqueId, transfer.assembly.content(), 'jpg');
    if (image === undefined) return result;
    return { ...result, positions: [mediaPosition('ruptela', uniqueId, context.now(), 'image', image)] };
  }
  transfer.next++;
  state.photo = transfer;
  return { ...result, ack: [ruptelaFilePartRequest(source, file, transfer.next)] };
};
