/** Something playing a playlist in a video element, until stopped. */
export interface LivePlayer {
  stop(): void;
}

/**
 * Plays a live HLS playlist in `video`: through hls.js (loaded only here) where the browser has
 * Media Source Extensions, natively where it plays HLS itself (Safari). `onFailure` hears of a
 * stream that cannot be played.
 */
export const playLive = async (video: HTMLVideoElement, url: string, onFailure: (reason: string) => void): Promise<LivePlayer> => {
  const { default: Hls } = await import('hls.js');
  if (Hls.isSupported()) {
    const hls = new Hls({ lowLatencyMode: false, liveSyncDurationCount: 2 });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) onFailure(data.details);
    });
    hls.loadSource(url);
    hls.attachMedia(video);
    return { stop: () => hls.destroy() };
  }
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = url;
    return {
      stop: () => {
        video.removeAttribute('src');
        video.load();
      },
    };
  }
  throw new Error('This browser cannot play live video');
};
