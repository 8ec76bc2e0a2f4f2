import { fetchOk, HttpError } from './http';

/** The HLS playlist of a device's camera channel, as the server serves it while the camera streams. */
export const livePlaylistUrl = (deviceId: number, channel: number): string => `/api/stream/${deviceId}/${channel}/live.m3u8`;

/** Whether the channel's playlist is there yet: the camera has sent its first whole segment. */
export const playlistReady = async (deviceId: number, channel: number, signal?: AbortSignal): Promise<boolean> => {
  try {
    await fetchOk(livePlaylistUrl(deviceId, channel), { signal, cache: 'no-store' });
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return false;
    throw error;
  }
};
