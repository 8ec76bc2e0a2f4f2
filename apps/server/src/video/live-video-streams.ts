import { createTsMuxer } from './mpeg-ts.muxer.js';

/** One H.264 picture as a camera sent it: Annex B bytes, its timestamp in milliseconds of the camera's clock. */
export interface VideoFrame {
  data: Buffer;
  timestamp: number;
  /** An I-frame: a segment starts here. */
  key: boolean;
}

/** The segments a playlist lists: some seconds of live video, as players expect of a live stream. */
const KEPT_SEGMENTS = 5;
/**
 * A segment is a group of pictures; one larger than this is dropped, so a connection cannot hold
 * memory without bound. A camera's main stream at 8 Mbit/s with a key frame every 4 s fills 4 MiB.
 */
export const MAX_SEGMENT_BYTES = 8 * 1024 * 1024;
/** A stream without a picture for this long has ended (its connection closed, or the camera stopped). */
export const STREAM_ENDS_AFTER_MS = 30_000;
/** What the streams tell of: a stream nobody has requested for `idleTimeoutMs` (0: never). */
export interface LiveVideoOptions {
  idleTimeoutMs?: number;
  /** Called once a stream has gone unrequested for `idleTimeoutMs`, and again after each time it is requested then left. */
  onIdle?(uniqueId: string, channel: number): void;
}

/** A jump of the camera's clock beyond this (or backwards) starts a new timeline. */
const MAX_FRAME_GAP_MS = 10_000;
const TICKS_PER_MS = 90;

interface Segment {
  index: number;
  /** Seconds. */
  duration: number;
  bytes: Buffer;
  /** The camera's clock jumped before it: players start a new timeline. */
  discontinuity: boolean;
}

/** One camera channel's live video: the last segments, each from one key frame to the next. */
class LiveVideoStream {
  readonly segments: Segment[] = [];
  lastFrameAt: number;
  /** When a playlist or segment of it was last requested (its start, before any). */
  requestedAt: number;
  /** Whether its idleness was told since it was last requested. */
  idleTold = false;
  private readonly muxer = createTsMuxer();
  private nextIndex = 0;
  private parts: Buffer[] = [];
  private size = 0;
  /** The timestamp of the current segment's key frame; undefined while waiting for one. */
  private segmentStart: number | undefined;
  private lastTimestamp: number | undefined;
  /** The timestamp presentation times count from. */
  private origin: number | undefined;
  private discontinuity = false;

  constructor(now: number) {
    this.lastFrameAt = now;
    this.requestedAt = now;
  }

  push(frame: VideoFrame, now: number): void {
    this.lastFrameAt = now;
    if (this.lastTimestamp !== undefined && (frame.timestamp < this.lastTimestamp || frame.timestamp - this.lastTimestamp > MAX_FRAME_GAP_MS)) this.newTimeline();
    if (frame.key && this.segmentStart !== undefined) this.finishSegment(frame.timestamp);
    if (this.segmentStart === undefined) {
      if (!frame.key) return;
      this.segmentStart = frame.timestamp;
    }
    this.origin ??= frame.timestamp;
    const bytes = this.muxer.write({ data: frame.data, pts: (frame.timestamp - this.origin) * TICKS_PER_MS, key: frame.key });
    this.lastTimestamp = frame.timestamp;
    if (this.size + bytes.length > MAX_SEGMENT_BYTES) return this.dropSegment();
    this.parts.push(bytes);
    this.size += bytes.length;
  }

  playlist(): string | undefined {
    if (this.segments.length === 0) return undefined;
    const target = Math.max(1, Math.ceil(Math.max(...this.segments.map((segment) => segment.duration))));
    const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, `#EXT-X-MEDIA-SEQUENCE:${this.segments[0]!.index}`];
    for (const segment of this.segments) {
      if (segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
      lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, `${segment.index}.ts`);
    }
    return `${lines.join('\n')}\n`;
  }

  private finishSegment(end: number): void {
    this.segments.push({ index: this.nextIndex++, duration: (end - this.segmentStart!) / 1000, bytes: Buffer.concat(this.parts, this.size), discontinuity: this.discontinuity });
    this.discontinuity = false;
    if (this.segments.length > KEPT_SEGMENTS) this.segments.shift();
    this.parts = [];
    this.size = 0;
    this.segmentStart = undefined;
  }

  private dropSegment(): void {
    this.parts = [];
    this.size = 0;
    this.segmentStart = undefined;
  }

  /** The unfinished segment cannot be timed: it goes, and the next key frame starts a new timeline. */
  private newTimeline(): void {
    this.dropSegment();
    this.origin = undefined;
    this.discontinuity = this.segments.length > 0;
  }
}

/**
 * The live video of every camera channel streaming to this instance (JT1078), as HLS: a playlist
 * of the last few segments, and the segments as MPEG-TS. A stream lives while its pictures come;
 * one silent for STREAM_ENDS_AFTER_MS is gone. One nobody requests for the idle timeout is told of
 * (`onIdle`): a camera streaming to no one costs its fleet mobile data.
 */
export const createLiveVideoStreams = (now: () => number = Date.now, { idleTimeoutMs = 0, onIdle }: LiveVideoOptions = {}) => {
  const streams = new Map<string, LiveVideoStream>();
  let sweptAt = now();
  const keyOf = (uniqueId: string, channel: number) => `${uniqueId}/${channel}`;
  const ended = (stream: LiveVideoStream) => now() - stream.lastFrameAt > STREAM_ENDS_AFTER_MS;

  const sweep = () => {
    sweptAt = now();
    for (const [key, stream] of streams) if (ended(stream)) streams.delete(key);
  };

  /** The channel's stream while it lives, marked as requested. */
  const requested = (uniqueId: string, channel: number): LiveVideoStream | undefined => {
    const stream = streams.get(keyOf(uniqueId, channel));
    if (!stream || ended(stream)) return undefined;
    stream.requestedAt = now();
    stream.idleTold = false;
    return stream;
  };

  const tellIfIdle = (uniqueId: string, channel: number, stream: LiveVideoStream) => {
    if (idleTimeoutMs <= 0 || stream.idleTold || now() - stream.requestedAt <= idleTimeoutMs) return;
    stream.idleTold = true;
    onIdle?.(uniqueId, channel);
  };

  return {
    write: (uniqueId: string, channel: number, frame: VideoFrame): void => {
      if (now() - sweptAt > STREAM_ENDS_AFTER_MS) sweep();
      const key = keyOf(uniqueId, channel);
      let stream = streams.get(key);
      if (!stream || ended(stream)) streams.set(key, (stream = new LiveVideoStream(now())));
      stream.push(frame, now());
      tellIfIdle(uniqueId, channel, stream);
    },
    /** The HLS playlist of a channel's live video; undefined before its first whole segment, or once it has ended. */
    playlist: (uniqueId: string, channel: number): string | undefined => requested(uniqueId, channel)?.playlist(),
    /** A segment the playlist lists (or listed a moment ago). */
    segment: (uniqueId: string, channel: number, index: number): Buffer | undefined => requested(uniqueId, channel)?.segments.find((segment) => segment.index === index)?.bytes,
  };
};

export type LiveVideoStreams = ReturnType<typeof createLiveVideoStreams>;
