import { MediaAssembly } from '../media-assembly.js';
import { mediaPosition } from '../position-builder.js';
import type { DecodeContext, DecodeResult } from '../protocol-definition.js';
import { MEITRACK_CAMERA_PICTURE, meitrackPhotoRequest } from './meitrack.encoder.js';

/** The device uploads this many packets for each D00 request, then waits for the next request. */
const PACKETS_PER_REQUEST = 8;
/** `*`, two checksum digits and CRLF after a packet's data. */
const TRAILER = 5;
const COMMA = 0x2c;

/** A photo on its way in: its name on the device, its packet count and the packet expected next. */
interface PhotoTransfer {
  file: string;
  total: number;
  next: number;
  assembly: MediaAssembly;
}

/** What the photo exchange keeps of a connection. */
export interface MeitrackPhotoState {
  photo?: PhotoTransfer;
}

interface PhotoPacket {
  file: string;
  total: number;
  current: number;
  data: Buffer;
}

const packetNumber = (text: string): number | undefined => (/^\d{1,5}$/.test(text) ? Number(text) : undefined);

/** The text up to the next comma from `from`, and where the field after it starts. */
const fieldAt = (frame: Buffer, from: number): [text: string, next: number] | undefined => {
  const end = frame.indexOf(COMMA, from);
  return end < 0 ? undefined : [frame.toString('latin1', from, end), end + 1];
};

/** Whether the frame is as long as its length field says and ends in `*<cs>\r\n`: a cut datagram is not a packet. */
const isWhole = (frame: Buffer): boolean => {
  const comma = frame.indexOf(COMMA);
  return frame.length - comma === Number(frame.toString('latin1', 3, comma)) && frame[frame.length - TRAILER] === 0x2a && frame.toString('latin1', frame.length - 2) === '\r\n';
};

/** `D00,<file>,<packet count>,<packet number>,<binary data>*<cs>\r\n`, from the file name on. */
const readPacket = (frame: Buffer, fieldsStart: number): PhotoPacket | undefined => {
  if (!isWhole(frame)) return undefined;
  const file = fieldAt(frame, fieldsStart);
  const total = file && fieldAt(frame, file[1]);
  const current = total && fieldAt(frame, total[1]);
  if (!file || !total || !current || current[1] > frame.length - TRAILER) return undefined;
  const [count, index] = [packetNumber(total[0]), packetNumber(current[0])];
  if (file[0] === '' || count === undefined || index === undefined || index >= count) return undefined;
  return { file: file[0], total: count, current: index, data: frame.subarray(current[1], frame.length - TRAILER) };
};

const keepsMedia = (imei: string, context: DecodeContext<MeitrackPhotoState | undefined>): boolean => context.state !== undefined && context.writeMedia !== undefined && context.uniqueId === imei;

/** The device took the picture (its `D03,OK`): ask for its first packets, as the name D03 gave it. */
export const decodePhotoTaken = (imei: string, context: DecodeContext<MeitrackPhotoState | undefined>): DecodeResult => {
  if (!keepsMedia(imei, context)) return { identify: imei, positions: [], ack: [] };
  context.state!.photo = undefined;
  return { identify: imei, positions: [], ack: [meitrackPhotoRequest(imei, MEITRACK_CAMERA_PICTURE, 0)] };
};

/** The packet continues the transfer: same file, same count, the number expected next. */
const continues = (transfer: PhotoTransfer | undefined, packet: PhotoPacket): transfer is PhotoTransfer =>
  transfer !== undefined && transfer.file === packet.file && transfer.total === packet.total && transfer.next === packet.current;

/**
 * One D00 packet of a photo: its first packet starts the file, each next one adds to it, and the
 * last one stores it as the position's `image`. Any other packet drops the transfer.
 */
export const decodePhotoPacket = (imei: string, frame: Buffer, fieldsStart: number, context: DecodeContext<MeitrackPhotoState | undefined>): DecodeResult => {
  const result: DecodeResult = { identify: imei, positions: [], ack: [] };
  const state = context.state;
  if (!state) return result;
  const ongoing = state.photo;
  state.photo = undefined;
  const packet = keepsMedia(imei, context) ? readPacket(frame, fieldsStart) : undefined;
  if (!packet) return result;
  const transfer = packet.current === 0 ? { file: packet.file, total: packet.total, next: 0, assembly: new MediaAssembly() } : ongoing;
  if (!continues(transfer, packet) || !transfer.assembly.append(packet.data)) return result;
  if (packet.current === packet.total - 1) {
    const image = context.writeMedia!(imei, transfer.assembly.content(), 'jpg');
    if (image === undefined) return result;
    return { ...result, positions: [mediaPosition('meitrack', imei, context.now(), 'image', image)] };
  }
  transfer.next++;
  state.photo = transfer;
  if (transfer.next % PACKETS_PER_REQUEST === 0) result.ack.push(meitrackPhotoRequest(imei, transfer.file, transfer.next));
  return result;
};
