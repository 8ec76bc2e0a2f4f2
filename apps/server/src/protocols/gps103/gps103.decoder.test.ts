import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import { decodeGps103 } from './gps103.decoder.js';
import { createGps103Framer, GPS103_MAX_FRAME } from './gps103.framer.js';
import { gps103Protocol } from './gps103.protocol.js';

const NOT_YET_SUPPORTED = new Map<number, string>([]);

describe(decodeGps103.name, () => {
  const vectors = loadVectors('gps103');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(gps103Protocol, vectors, { writeMedia: () => 'photo.jpg' });
  });

  vectors.forEach((vector, index) => {
    const reason = NOT_YET_SUPPORTED.get(index);
    const name = describeVector({ index, vector });
    if (reason) it.fails(`${name} (not yet supported: ${reason})`, () => assertVector(replayed[index]!));
    else it(name, () => assertVector(replayed[index]!));
  });

  const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: {}, now: () => VECTOR_NOW };

  it('answers the handshake with LOAD, a heartbeat with ON and an SOS with the E reply', () => {
    expect(decodeGps103(Buffer.from('##,imei:359586015829802,A', 'latin1'), context).ack.map(String)).toEqual(['LOAD']);
    expect(decodeGps103(Buffer.from('359586015829802', 'latin1'), context).ack.map(String)).toEqual(['ON']);
    const sos = decodeGps103(Buffer.from(vectors[49]!.message, 'latin1'), context);
    expect(sos.ack.map(String)).toEqual(['**,imei:359586015829802,E;']);
    expect(sos.positions[0]?.attributes.alarm).toBe('sos');
  });

  it('splits a stream at ; and line ends, waiting for the end of a message', () => {
    const frames = new FrameBuffer(createGps103Framer(), GPS103_MAX_FRAME);
    expect(frames.push(Buffer.from('##,imei:359586015829802,A;imei:3595', 'latin1')).map(String)).toEqual(['##,imei:359586015829802,A']);
    expect(frames.push(Buffer.from('86015829802,move,0809231429\r\n', 'latin1')).map(String)).toEqual(['imei:359586015829802,move,0809231429']);
  });
});
