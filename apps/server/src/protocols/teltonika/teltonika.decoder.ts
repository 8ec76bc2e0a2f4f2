import type { DecodedPosition } from '../decoded-position.js';
import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { addAlarm, cellTower, knotsFromKph, networkOf, newPosition, setFix, setTime } from '../position-builder.js';
import { ByteReader, isPrintable } from '../transport/byte-reader.js';
import { teltonikaIdentificationReply, teltonikaRecordsAck, teltonikaUdpAck } from './teltonika.encoder.js';
import { receiveCameraMessage, type CameraOutcome, type CameraState } from './teltonika-camera.js';
import { decodeIo, decodeNx } from './teltonika-io.js';

/**
 * Per-connection Teltonika state: whether 16-byte IO elements follow (Traccar's `teltonika.extended`),
 * and the photo the camera is sending.
 */
export interface TeltonikaState extends CameraState {
  extended: boolean;
}

const CODEC = { gh3000: 0x07, c8: 0x08, c8e: 0x8e, c12: 0x0c, c13: 0x0d, c16: 0x10 } as const;
/** Codec 12 message type of the camera's photo transfers. */
const CAMERA = 0x0d;

/** GH3000 (codec 7): seconds since 2007, a global mask, then location fields by a location mask. */
const decodeGh3000Location = (position: DecodedPosition, reader: ByteReader): number => {
  const time = ((reader.u32() & 0x3fffffff) + 1_167_609_600) * 1000;
  const globalMask = reader.u8();
  if ((globalMask & 0x01) === 0) {
    setTime(position, time);
    return globalMask;
  }
  const mask = reader.u8();
  const fix = { time, latitude: 0, longitude: 0, valid: true, altitude: 0, course: 0, speed: 0 };
  if (mask & 0x01) [fix.latitude, fix.longitude] = [reader.f32(), reader.f32()];
  if (mask & 0x02) fix.altitude = reader.u16();
  if (mask & 0x04) fix.course = (reader.u8() * 360) / 256;
  if (mask & 0x08) fix.speed = knotsFromKph(reader.u8());
  if (mask & 0x10) position.attributes.sat = reader.u8();
  if (mask & 0x20) {
    const [lac, cid] = [reader.u16(), reader.u16()];
    position.network = networkOf([cellTower(0, 0, lac, cid, mask & 0x40 ? reader.u8() : undefined)]);
    if (mask & 0x80) position.attributes.operator = reader.u32();
  } else {
    if (mask & 0x40) position.attributes.rssi = reader.u8();
    if (mask & 0x80) position.attributes.operator = reader.u32();
  }
  if (mask & 0x01) setFix(position, fix);
  return globalMask;
};

const GH3000_IO: Record<number, (position: DecodedPosition, value: number) => void> = {
  1: (p, v) => (p.attributes.batteryLevel = v), 2: (p, v) => (p.attributes.usbConnected = v === 1), 5: (p, v) => (p.attributes.uptime = v),
  20: (p, v) => (p.attributes.hdop = v * 0.1), 21: (p, v) => (p.attributes.vdop = v * 0.1), 22: (p, v) => (p.attributes.pdop = v * 0.1),
  67: (p, v) => (p.attributes.battery = v * 0.001), 221: (p, v) => (p.attributes.button = v), 222: (p, v) => v === 1 && addAlarm(p, 'sos'),
  240: (p, v) => (p.attributes.motion = v === 1), 244: (p, v) => (p.attributes.roaming = v === 1),
};

/** One AVL record of codec 8, 8 Extended, 16 or GH3000. */
const decodeRecord = (position: DecodedPosition, reader: ByteReader, codec: number, model: string | undefined, extended: boolean) => {
  const wideIds = codec === CODEC.c8e || codec === CODEC.c16;
  const wideCounts = codec === CODEC.c8e;
  const count = () => (wideCounts ? reader.u16() : reader.u8());
  const id = () => (wideIds ? reader.u16() : reader.u8());
  let globalMask = 0x0f;
  if (codec === CODEC.gh3000) {
    globalMask = decodeGh3000Location(position, reader);
  } else {
    const time = Number(reader.u64());
    position.attributes.priority = reader.u8();
    const longitude = reader.i32() / 1e7;
    const latitude = reader.i32() / 1e7;
    const altitude = reader.i16();
    const course = reader.u16();
    const satellites = reader.u8();
    const speed = knotsFromKph(reader.u16());
    position.attributes.sat = satellites;
    setFix(position, { time, latitude, longitude, altitude, course, speed, valid: satellites !== 0 });
    position.attributes.event = wideIds ? reader.u16() : reader.u8();
    if (codec === CODEC.c16) reader.u8(); // generation type
    count(); // total IO elements
  }
  for (const [bit, size] of [[0x02, 1], [0x04, 2], [0x08, 4]] as const) {
    if (!(globalMask & bit)) continue;
    for (let i = count(); i > 0; i--) {
      const ioId = id();
      const value = reader.bytes(size);
      if (codec === CODEC.gh3000) (GH3000_IO[ioId] ?? ((p, v) => (p.attributes[`io${ioId}`] = v)))(position, value.readUIntBE(0, size));
      else decodeIo(position, ioId, value, model);
    }
  }
  if (codec !== CODEC.gh3000) for (let i = count(); i > 0; i--) decodeIo(position, id(), reader.bytes(8), model);
  if (extended) for (let i = count(); i > 0; i--) position.attributes[`io${id()}`] = reader.hex(16);
  if (codec === CODEC.c8e) for (let i = reader.u16(); i > 0; i--) decodeNx(position, reader.u16(), reader.bytes(reader.u16()));
};

/** Codec 12 (command replies) and 13 (timestamped payloads) of message `type`, camera transfers aside. */
const decodeText = (position: DecodedPosition, reader: ByteReader, codec: number, type: number) => {
  let length = reader.u32();
  if (codec === CODEC.c13) {
    length -= 4;
    setTime(position, reader.u32() * 1000);
  } else position.attributes.type = type;
  const data = reader.bytes(length);
  if (!isPrintable(data)) position.attributes.result = data.toString('hex');
  else {
    const text = data.toString('latin1').trim();
    if (codec === CODEC.c13 && text.startsWith('GTSL')) position.attributes.driverUniqueId = text.split('|')[4] ?? '';
    else position.attributes.result = text;
  }
};

/**
 * A camera message: its photo's parts are asked for and assembled on a TCP connection bound to its
 * device that keeps media; elsewhere it is dropped, as it always was.
 */
const decodeCamera = (reader: ByteReader, context: DecodeContext<TeltonikaState>): CameraOutcome => {
  const declared = reader.remaining >= 4 ? reader.u32() : undefined;
  const payload = reader.bytes(Math.min(declared ?? 0, reader.remaining));
  const { uniqueId, writeMedia } = context;
  if (uniqueId === undefined || context.transport !== 'tcp' || !writeMedia) return {};
  // a message cut short drops the photo as a wrong part does: it must not go on from half a part
  if (payload.length !== declared) {
    context.state.photo = undefined;
    return {};
  }
  return receiveCameraMessage(payload, context.state, (photo) => writeMedia(uniqueId, photo, 'jpg'));
};

/** The data of an AVL packet from the codec byte on: its positions, the record count and the camera's photo requests. */
const decodeData = (reader: ByteReader, uniqueId: string, context: DecodeContext<TeltonikaState>) => {
  const codec = reader.u8();
  const count = reader.u8();
  const positions: DecodedPosition[] = [];
  // made only for a camera message: most messages are records
  let requests: Buffer[] | undefined;
  for (let i = 0; i < count; i++) {
    const position = newPosition('teltonika', uniqueId, context.now());
    if (codec === CODEC.c12 || codec === CODEC.c13) {
      const type = reader.u8();
      if (codec === CODEC.c12 && type === CAMERA) {
        const { request, image } = decodeCamera(reader, context);
        if (request) (requests ??= []).push(request);
        if (image === undefined) continue;
        position.attributes.image = image;
      } else decodeText(position, reader, codec, type);
      positions.push(position);
    } else if ([CODEC.gh3000, CODEC.c8, CODEC.c8e, CODEC.c16].includes(codec as 7)) {
      decodeRecord(position, reader, codec, context.model, context.state.extended);
      positions.push(position);
    } else return { positions, count: 0, acked: false, requests };
  }
  return { positions, count, acked: codec !== CODEC.c12 && codec !== CODEC.c13, requests };
};

/** One Teltonika frame (reference/protocols.md §3), TCP or UDP. */
export const decodeTeltonika = (frame: Buffer, context: DecodeContext<TeltonikaState>): DecodeResult => {
  const reader = new ByteReader(frame);
  if (context.transport === 'udp') {
    reader.u16(); // length
    const packetId = reader.u16();
    reader.u8(); // packet type
    const avlPacketId = reader.u8();
    const imei = reader.ascii(reader.u16());
    const { positions, count } = decodeData(reader, imei, context);
    return { identify: imei, positions, ack: [teltonikaUdpAck(packetId, avlPacketId, count)] };
  }
  if (frame.length === 1 && frame[0] === 0xff) return nothing(); // keep-alive
  const imeiLength = reader.u16();
  if (imeiLength > 0) {
    const imei = reader.ascii(imeiLength);
    return { identify: imei, positions: [], ack: [teltonikaIdentificationReply(true)], reject: teltonikaIdentificationReply(false) };
  }
  if (context.uniqueId === undefined) return nothing();
  reader.skip(6); // rest of the preamble, data length
  const { positions, count, acked, requests } = decodeData(reader, context.uniqueId, context);
  return { positions, ack: acked ? [teltonikaRecordsAck(count)] : (requests ?? []) };
};
