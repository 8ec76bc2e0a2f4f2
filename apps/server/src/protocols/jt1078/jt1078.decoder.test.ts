import { describe, expect, it } from 'vitest';
import { cameraPacket, pictureBytes, picturePackets } from '../../../test/helpers/jt1078-camera.js';
import type { DecodeContext } from '../protocol-definition.js';
import type { VideoFrame } from '../../video/live-video-streams.js';
import { decodeJt1078, MAX_PICTURE_BYTES, type Jt1078State } from './jt1078.decoder.js';

const SIM = '013912345678';

/** A bound connection's context recording what goes to the live video. */
const bound = (boundTo: { uniqueId: string | undefined } = { uniqueId: '13912345678' }) => {
  const { uniqueId } = boundTo;
  const written: { uniqueId: string; channel: number; frame: VideoFrame }[] = [];
  const state: Jt1078State = { pending: new Map() };
  const context: DecodeContext<Jt1078State> = {
    uniqueId, model: undefined, transport: 'tcp', state, now: () => 0,
    writeVideo: uniqueId === undefined ? undefined : (id, channel, frame) => written.push({ uniqueId: id, channel, frame: { ...frame, data: Buffer.from(frame.data) } }),
  };
  return { written, state, context, decode: (packets: Buffer[]) => packets.map((packet) => decodeJt1078(packet, context)) };
};

describe('JT1078 decoder', () => {
  it('names the terminal by its SIM as JT808 does, with and without its leading zeros, in both layouts', () => {
    const { decode } = bound();
    const [older] = decode([cameraPacket({ sim: SIM, channel: 1, dataType: 1, body: pictureBytes(false, 10) })]);
    expect(older).toMatchObject({ identify: '13912345678', alsoKnownAs: ['013912345678'], positions: [], ack: [] });
    const [newer] = decode([cameraPacket({ sim: '00000000013912345678', channel: 1, dataType: 1, body: pictureBytes(false, 10) })]);
    expect(newer).toMatchObject({ identify: '13912345678', alsoKnownAs: ['00000000013912345678'] });
  });

  it("joins a picture's parts in order and writes it to its channel with its time and kind", () => {
    const { decode, written, state } = bound();
    const key = pictureBytes(true, 2_400);
    decode([...picturePackets(SIM, 2, true, 1_000, key), ...picturePackets(SIM, 2, false, 1_040, pictureBytes(false, 300))]);
    expect(written.map(({ uniqueId, channel, frame }) => [uniqueId, channel, frame.timestamp, frame.key, frame.data.length])).toEqual([
      ['13912345678', 2, 1_000, true, key.length],
      ['13912345678', 2, 1_040, false, 305],
    ]);
    expect(written[0]!.frame.data.equals(key)).toBe(true);
    expect(state.pending.size).toBe(0);
  });

  it('keeps the pictures of two channels on one connection apart', () => {
    const { decode, written } = bound();
    const [first1, last1] = picturePackets(SIM, 1, true, 0, pictureBytes(true, 1_500, 1));
    const [first2, last2] = picturePackets(SIM, 2, true, 0, pictureBytes(true, 1_500, 2));
    decode([first1!, first2!, last1!, last2!]);
    expect(written.map(({ channel, frame }) => [channel, frame.data.equals(pictureBytes(true, 1_500, channel))])).toEqual([[1, true], [2, true]]);
  });

  it('drops a picture that lost a part, and goes on with the next', () => {
    const { decode, written } = bound();
    const parts = picturePackets(SIM, 1, true, 0, pictureBytes(true, 3_000));
    decode([parts[0]!, parts[2]!, parts[3]!]);
    decode(picturePackets(SIM, 1, false, 40, pictureBytes(false, 3_000)).slice(1));
    // a first part, then the last part of a picture of another time
    const [first] = picturePackets(SIM, 1, false, 80, pictureBytes(false, 2_000));
    const [, last] = picturePackets(SIM, 1, false, 120, pictureBytes(false, 2_000));
    decode([first!, last!]);
    expect(written).toEqual([]);
    decode(picturePackets(SIM, 1, false, 160, pictureBytes(false, 100)));
    expect(written.map(({ frame }) => frame.timestamp)).toEqual([160]);
  });

  it('writes nothing of audio, transparent data, H.265, or a connection not yet bound to its device', () => {
    const { decode, written } = bound();
    decode([
      cameraPacket({ sim: SIM, channel: 1, dataType: 3, timestamp: 5, body: Buffer.alloc(160) }),
      cameraPacket({ sim: SIM, channel: 1, dataType: 4, body: Buffer.from('serial') }),
      cameraPacket({ sim: SIM, channel: 1, dataType: 0, body: pictureBytes(true, 50), payloadType: 99 }),
    ]);
    expect(written).toEqual([]);
    const unbound = bound({ uniqueId: undefined });
    const [result] = unbound.decode([picturePackets(SIM, 1, true, 0, pictureBytes(true, 2_000))[0]!]);
    expect(result!.identify).toBe('13912345678');
    expect(unbound.state.pending.size).toBe(0);
  });

  it('drops a picture growing past its limit, so a connection cannot hold memory without bound', () => {
    const { decode, written, state } = bound();
    const parts = picturePackets(SIM, 1, true, 0, Buffer.alloc(MAX_PICTURE_BYTES + 1_000, 1), 8_000);
    decode(parts);
    expect(written).toEqual([]);
    expect(state.pending.size).toBe(0);
  });
});
