import { createRequire } from 'node:module';

/** A picture as mux.js reads it back out of a transport stream: its PES timestamps and bytes. */
export interface ReadPicture {
  pts: number;
  dts: number;
  data: Buffer;
}

export interface ReadStream {
  /** The codec the program map table names ('avc' for H.264, 'hevc' for H.265 in mux.js's words). */
  codecs: string[];
  pictures: ReadPicture[];
}

interface MuxStream {
  on(event: 'data', listener: (event: Record<string, unknown>) => void): void;
  pipe(next: MuxStream): MuxStream;
  push(bytes: Uint8Array): void;
  flush(): void;
}

// mux.js (video.js's own transport stream parser) is the independent reader of what the muxer writes
const m2ts = createRequire(import.meta.url)('mux.js/lib/m2ts/m2ts.js') as Record<string, new () => MuxStream>;

/** Reads a transport stream as a player's demuxer does: packets, then tables and PES packets, then elementary streams. */
export const readTransportStream = (bytes: Buffer): ReadStream => {
  const packets = new m2ts.TransportPacketStream!();
  const parse = new m2ts.TransportParseStream!();
  const elementary = new m2ts.ElementaryStream!();
  packets.pipe(parse).pipe(elementary);
  const read: ReadStream = { codecs: [], pictures: [] };
  elementary.on('data', (event) => {
    if (event.type === 'metadata') {
      for (const track of event.tracks as { codec: string }[]) if (!read.codecs.includes(track.codec)) read.codecs.push(track.codec);
    } else if (event.type === 'video') {
      read.pictures.push({ pts: event.pts as number, dts: event.dts as number, data: Buffer.from(event.data as Uint8Array) });
    }
  });
  packets.push(new Uint8Array(bytes));
  packets.flush();
  return read;
};
