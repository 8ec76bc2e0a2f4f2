import { createRequire } from 'node:module';

export interface ReadPlaylist {
  targetDuration: number;
  mediaSequence: number;
  segments: { uri: string; duration: number; discontinuity?: boolean }[];
}

interface PlaylistParser {
  push(text: string): void;
  end(): void;
  manifest: ReadPlaylist;
}

// m3u8-parser (video.js's own) is the independent reader of the playlists the server writes
const { Parser } = createRequire(import.meta.url)('m3u8-parser') as { Parser: new () => PlaylistParser };

export const readPlaylist = (playlist: string | undefined): ReadPlaylist => {
  if (playlist === undefined) throw new Error('no playlist');
  const parser = new Parser();
  parser.push(playlist);
  parser.end();
  return parser.manifest;
};
