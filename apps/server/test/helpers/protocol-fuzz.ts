import type { DecodeContext, ProtocolDefinition } from '../../src/protocols/protocol-definition.js';
import { FrameError } from '../../src/protocols/transport/byte-reader.js';
import { FrameBuffer, FrameBufferOverflow, InvalidStream } from '../../src/protocols/transport/frame-buffer.js';
import { createLiveVideoStreams } from '../../src/video/live-video-streams.js';
import { cameraPacket, pictureBytes, picturePackets } from './jt1078-camera.js';
import { bytesOf, loadVectors, VECTOR_NOW } from './protocol-vectors.js';
import { CALAMP_MESSAGES } from './calamp-messages.js';
import { WIALON_MESSAGES } from './wialon-messages.js';

/** mulberry32: the same mutations on every run, so a failure reproduces. */
const createRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** Flips, truncates, duplicates, splices or replaces bytes of a real captured message. */
const mutate = (seed: Buffer, random: () => number): Buffer => {
  const bytes = Buffer.from(seed);
  const integer = (limit: number) => Math.floor(random() * limit);
  switch (integer(6)) {
    case 0:
      for (let flips = 1 + integer(8); flips > 0; flips--) bytes[integer(bytes.length)] = integer(256);
      return bytes;
    case 1:
      return bytes.subarray(0, integer(bytes.length));
    case 2:
      return Buffer.concat([bytes, bytes.subarray(integer(bytes.length))]);
    case 3:
      return Buffer.from(Array.from({ length: integer(300) }, () => integer(256)));
    case 4: {
      const at = integer(bytes.length);
      return Buffer.concat([bytes.subarray(0, at), Buffer.from(Array.from({ length: 1 + integer(16) }, () => integer(256))), bytes.subarray(at)]);
    }
    default: {
      // lengths and counts live in the first bytes of binary frames: make them extreme
      const at = integer(Math.min(bytes.length, 12));
      if (bytes.length) bytes[at] = random() < 0.5 ? 0xff : 0x00;
      return bytes;
    }
  }
};

/** The failures a protocol is allowed to signal: a short or impossible frame, never a crash. */
const isExpected = (error: unknown) => error instanceof FrameError || error instanceof InvalidStream || error instanceof FrameBufferOverflow;

/**
 * Messages of the protocols that have no reference vectors: JT1078's captured P-frame (Traccar's
 * Jt1078FrameDecoderTest), then a key frame in parts, audio and transparent data, built to its layout;
 * Wialon IPS packets, each with its line end; CalAmp LMU datagrams.
 */
const OWN_SEEDS: Record<string, () => Buffer[]> = {
  jt1078: () => [
    Buffer.from('3031636481e200760000086649607758216401100000000001c71cd5074a0021006700000001219a02f02f0fff000003000003008f6b47bab6659524c5f8fc61ed7c40a50a5c39629c000003016243bc0006e6de480021a5c4574cef0d7024c5e1f815212d007eac5e114b3c000003000003000004b0000003028574d2009ea480003e1bee06cf81e9', 'hex'),
    Buffer.concat(picturePackets('013912345678', 1, true, 1_000, pictureBytes(true, 2_000))),
    cameraPacket({ sim: '013912345678', channel: 1, dataType: 3, timestamp: 1_000, body: Buffer.alloc(160, 0xd5) }),
    cameraPacket({ sim: '013912345678', channel: 1, dataType: 4, body: Buffer.from('serial data') }),
  ],
  wialon: () => Object.values(WIALON_MESSAGES).map((message) => Buffer.from(`${message}\r\n`, 'utf8')),
  calamp: () => Object.values(CALAMP_MESSAGES).map((message) => Buffer.from(message, 'hex')),
};

const seedsOf = (protocol: ProtocolDefinition<unknown>): Buffer[] => OWN_SEEDS[protocol.name]?.() ?? loadVectors(protocol.name).map(bytesOf);

/** Pushes `data` through a new connection's framer in random pieces, decoding each frame it completes. */
const splitAsTcp = (protocol: ProtocolDefinition<unknown>, data: Buffer, random: () => number, decode: (frame: Buffer) => void): void => {
  const buffer = new FrameBuffer(protocol.createFramer(), protocol.maxFrameLength);
  for (let offset = 0; offset < data.length; ) {
    const size = 1 + Math.floor(random() * data.length);
    for (const frame of buffer.push(data.subarray(offset, offset + size))) decode(frame);
    offset += size;
  }
};

/**
 * Feeds `rounds` mutated real messages, split at random points, through a protocol's framer and
 * decoder; reports every failure that is not a rejected frame, and every non-finite coordinate.
 */
/**
 * `onProgress` is called every 10,000 rounds (the benchmark samples the heap there: the run is one
 * synchronous loop, so a timer would never fire). Datagram protocols are fuzzed as UDP half the time, and
 * one of datagrams alone always, each datagram whole as the UDP server hands it over.
 * Half the rounds go on one connection's state, kept from round to round and keeping media, so that
 * photo and voice transfers and live video under way meet garbage too (and must stay bounded).
 */
export const fuzzProtocol = (protocol: ProtocolDefinition<unknown>, rounds: number, onProgress: (round: number) => void = () => undefined) => {
  const random = createRandom(protocol.name.length * 7919);
  const seeds = seedsOf(protocol);
  const unexpected: string[] = [];
  let positions = 0;
  const udp = protocol.transports.includes('udp');
  const tcp = protocol.transports.includes('tcp');
  const longLived = protocol.createState();
  /** The identifier the long-lived connection was bound to by the last frame announcing one, as the frame handler binds. */
  let boundId = '123456789012345';
  const writeMedia = () => 'fuzzed.bin';
  // pictures go on into a live stream's segments, so the muxer meets the garbage too
  const writeVideo = createLiveVideoStreams(() => VECTOR_NOW).write;
  for (let round = 0; round < rounds && unexpected.length < 5; round++) {
    if (round % 10_000 === 0) onProgress(round);
    const data = mutate(seeds[round % seeds.length]!, random);
    const onLongLived = random() < 0.5;
    const state = onLongLived ? longLived : protocol.createState();
    const transport = udp && (!tcp || random() < 0.5) ? 'udp' : 'tcp';
    const context: DecodeContext<unknown> = {
      uniqueId: onLongLived ? boundId : random() < 0.5 ? '123456789012345' : undefined,
      model: undefined,
      transport,
      state,
      now: () => VECTOR_NOW,
      ...(onLongLived && { writeMedia, writeVideo }),
    };
    const decode = (frame: Buffer) => {
      const result = protocol.decode(frame, context);
      if (onLongLived && result.identify) boundId = result.identify;
      for (const position of result.positions) {
        positions++;
        if (!Number.isFinite(position.latitude) || !Number.isFinite(position.longitude)) unexpected.push(`round ${round}: non-finite coordinates from ${data.toString('hex').slice(0, 120)}`);
      }
    };
    try {
      // a protocol of datagrams alone gets each as it came; a stream arrives in random pieces, as TCP delivers it
      if (!tcp) decode(data);
      else splitAsTcp(protocol, data, random, decode);
    } catch (error) {
      if (!isExpected(error)) unexpected.push(`round ${round}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)} for ${data.toString('hex').slice(0, 120)}`);
    }
  }
  return { unexpected, positions };
};

