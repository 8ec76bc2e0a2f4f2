import { describe, expect, it } from 'vitest';
import { readPlaylist as parsed } from '../../test/helpers/hls-playlist-reader.js';
import { readTransportStream } from '../../test/helpers/transport-stream-reader.js';
import { createLiveVideoStreams, MAX_SEGMENT_BYTES, STREAM_ENDS_AFTER_MS, type VideoFrame } from './live-video-streams.js';

const picture = (key: boolean, size = 200) => Buffer.concat([Buffer.from([0, 0, 0, 1, key ? 0x65 : 0x41]), Buffer.alloc(size, 0x11)]);
/** 25 pictures a second from `start` (ms of the camera's clock), a key frame every `gop` pictures. */
const pictures = (start: number, count: number, gop = 50, size = 200): VideoFrame[] =>
  Array.from({ length: count }, (_, index) => ({ data: picture(index % gop === 0, size), timestamp: start + index * 40, key: index % gop === 0 }));

const setUp = () => {
  const clock = { now: 1_000_000 };
  const streams = createLiveVideoStreams(() => clock.now);
  const send = (frames: VideoFrame[], channel = 1) => frames.forEach((frame) => streams.write('13912345678', channel, frame));
  return { clock, streams, send };
};

describe('createLiveVideoStreams', () => {
  it('lists a segment once the next key frame closes it, timed by the camera, and skips pictures before the first key frame', () => {
    const { streams, send } = setUp();
    send(pictures(5_000, 10, 50).map((frame) => ({ ...frame, key: false })));
    send(pictures(6_000, 50));
    expect(streams.playlist('13912345678', 1)).toBeUndefined();
    send(pictures(8_000, 1));
    const manifest = parsed(streams.playlist('13912345678', 1));
    expect(manifest.segments.map((segment) => [segment.uri, segment.duration])).toEqual([['0.ts', 2]]);
    expect(manifest.targetDuration).toBe(2);
    const read = readTransportStream(streams.segment('13912345678', 1, 0)!);
    expect(read.pictures).toHaveLength(50);
    expect(read.pictures[0]!.pts).toBe(0);
    expect(read.pictures[49]!.pts).toBe(49 * 40 * 90);
    expect(streams.playlist('13912345678', 2)).toBeUndefined();
  });

  it('keeps the last five segments, the media sequence moving on and the timeline running across them', () => {
    const { streams, send } = setUp();
    send(pictures(0, 7 * 50 + 1));
    const manifest = parsed(streams.playlist('13912345678', 1));
    expect(manifest.mediaSequence).toBe(2);
    expect(manifest.segments.map((segment) => segment.uri)).toEqual(['2.ts', '3.ts', '4.ts', '5.ts', '6.ts']);
    expect(streams.segment('13912345678', 1, 1)).toBeUndefined();
    expect(readTransportStream(streams.segment('13912345678', 1, 6)!).pictures[0]!.pts).toBe(6 * 50 * 40 * 90);
  });

  it('starts a new timeline, marked as such, when the camera clock goes back', () => {
    const { streams, send } = setUp();
    send(pictures(100_000, 101));
    send(pictures(2_000, 51));
    const manifest = parsed(streams.playlist('13912345678', 1));
    expect(manifest.segments.map((segment) => [segment.uri, segment.discontinuity ?? false])).toEqual([['0.ts', false], ['1.ts', false], ['2.ts', true]]);
    expect(readTransportStream(streams.segment('13912345678', 1, 2)!).pictures[0]!.pts).toBe(0);
  });

  it('drops a group of pictures too large to hold and goes on with the next', () => {
    const { streams, send } = setUp();
    const huge = Math.ceil(MAX_SEGMENT_BYTES / 10) + 1;
    send(pictures(0, 10, 10, huge));
    send(pictures(400, 11, 10));
    const manifest = parsed(streams.playlist('13912345678', 1));
    expect(manifest.segments.map((segment) => segment.uri)).toEqual(['0.ts']);
    expect(readTransportStream(streams.segment('13912345678', 1, 0)!).pictures).toHaveLength(10);
  });

  it('ends a stream that has been silent for half a minute', () => {
    const { clock, streams, send } = setUp();
    send(pictures(0, 51));
    clock.now += STREAM_ENDS_AFTER_MS + 1;
    expect(streams.playlist('13912345678', 1)).toBeUndefined();
    expect(streams.segment('13912345678', 1, 0)).toBeUndefined();
    send(pictures(60_000, 51));
    expect(parsed(streams.playlist('13912345678', 1)).segments.map((segment) => segment.uri)).toEqual(['0.ts']);
  });

  it('tells of a stream nobody requests for the idle timeout, once, and again after it is requested and left', () => {
    const clock = { now: 0 };
    const idle: string[] = [];
    const streams = createLiveVideoStreams(() => clock.now, { idleTimeoutMs: 60_000, onIdle: (uniqueId, channel) => idle.push(`${uniqueId}/${channel}`) });
    const second = (start: number) => pictures(start, 25, 25).forEach((frame) => streams.write('13912345678', 1, frame));
    for (let at = 0; at <= 90; at++) {
      clock.now = at * 1000;
      second(at * 1000);
      // a player asks for the playlist for the first 30 s
      if (at < 30) streams.playlist('13912345678', 1);
    }
    // nobody since 29 s: told at 90 s (past 29 + 60), once
    expect(idle).toEqual(['13912345678/1']);
    streams.segment('13912345678', 1, 88);
    for (let at = 91; at < 160; at++) {
      clock.now = at * 1000;
      second(at * 1000);
    }
    expect(idle).toEqual(['13912345678/1', '13912345678/1']);
  });

  it('tells of no idle stream without an idle timeout', () => {
    const clock = { now: 0 };
    const idle: string[] = [];
    const streams = createLiveVideoStreams(() => clock.now, { onIdle: (uniqueId) => idle.push(uniqueId) });
    for (let at = 0; at < 200; at++) {
      clock.now = at * 1000;
      pictures(at * 1000, 25, 25).forEach((frame) => streams.write('13912345678', 1, frame));
    }
    expect(idle).toEqual([]);
  });
});
