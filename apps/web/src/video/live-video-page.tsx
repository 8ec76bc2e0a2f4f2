import { Alert, Box, Button, Container, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { sendCommand } from '../api/commands';
import { fetchDevice } from '../api/devices';
import { livePlaylistUrl, playlistReady } from '../api/video';
import { PageTopBar } from '../common/components/page-top-bar';
import { errorMessage } from '../common/error-message';
import { playLive, type LivePlayer } from './live-video-player';

/** Where the video is: not asked for, asked for and awaited, shown, or failed (with why). */
type VideoState = { kind: 'idle' } | { kind: 'waiting'; queued: boolean } | { kind: 'playing' } | { kind: 'failed'; message: string };

/** How long the page waits for a camera's first segment after asking, and how often it looks. */
const WAIT_MS = 60_000;
const LOOK_EVERY_MS = 1_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/**
 * A JT808 camera's live video: asks the terminal to stream the channel (`videoStart`), waits for
 * its first segment, plays it, and asks it to stop (`videoStop`) on Stop or on leaving the page.
 */
export default function LiveVideoPage() {
  const { t } = useTranslation();
  const deviceId = Number(useParams().id);
  const { data: device } = useQuery({ queryKey: ['device', deviceId], queryFn: () => fetchDevice(deviceId), enabled: deviceId > 0 });
  const [channel, setChannel] = useState(1);
  const [state, setState] = useState<VideoState>({ kind: 'idle' });
  const video = useRef<HTMLVideoElement>(null);
  const session = useRef<{ abort: AbortController; player?: LivePlayer; channel: number } | undefined>(undefined);

  const end = useCallback((askToStop: boolean) => {
    const current = session.current;
    if (!current) return;
    session.current = undefined;
    current.abort.abort();
    current.player?.stop();
    if (askToStop) void sendCommand({ deviceId, type: 'videoStop', attributes: { index: current.channel } }).catch(() => undefined);
  }, [deviceId]);

  useEffect(() => () => end(true), [end]);

  const start = async () => {
    end(false);
    const current = { abort: new AbortController(), channel } as NonNullable<typeof session.current>;
    session.current = current;
    const { signal } = current.abort;
    setState({ kind: 'waiting', queued: false });
    try {
      const delivery = await sendCommand({ deviceId, type: 'videoStart', attributes: { index: channel } });
      setState({ kind: 'waiting', queued: delivery === 'queued' });
      const deadline = Date.now() + WAIT_MS;
      while (!(await playlistReady(deviceId, channel, signal))) {
        if (Date.now() > deadline) throw new Error(t('videoNoStream'));
        await sleep(LOOK_EVERY_MS, signal);
        if (signal.aborted) return;
      }
      if (signal.aborted || !video.current) return;
      current.player = await playLive(video.current, livePlaylistUrl(deviceId, channel), (reason) => setState({ kind: 'failed', message: `${t('videoFailed')} (${reason})` }));
      if (signal.aborted) current.player.stop();
    } catch (error) {
      if (!signal.aborted) setState({ kind: 'failed', message: errorMessage(error) });
    }
  };

  const stop = () => {
    end(true);
    setState({ kind: 'idle' });
  };

  const running = state.kind === 'waiting' || state.kind === 'playing';
  return (
    <>
      <PageTopBar title={device ? `${t('videoTitle')}: ${device.name}` : t('videoTitle')} />
      <Container maxWidth="md" sx={{ py: 2 }}>
        <Paper sx={{ p: 2 }}>
          <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
            <TextField
              label={t('commandCameraChannel')}
              type="number"
              size="small"
              value={channel}
              disabled={running}
              slotProps={{ htmlInput: { min: 1, max: 255 } }}
              onChange={(event) => setChannel(Math.min(255, Math.max(1, Math.trunc(Number(event.target.value)) || 1)))}
            />
            <Button variant="contained" disabled={running} onClick={() => void start()}>{t('commandVideoStart')}</Button>
            <Button disabled={!running} onClick={stop}>{t('commandVideoStop')}</Button>
            <Typography data-testid="video-state" sx={{ flexGrow: 1, textAlign: 'right' }} color="text.secondary">
              {state.kind === 'waiting' ? t(state.queued ? 'videoQueued' : 'videoWaiting') : state.kind === 'playing' ? t('videoLive') : ''}
            </Typography>
          </Stack>
          {state.kind === 'failed' && <Alert severity="error" sx={{ mb: 2 }}>{state.message}</Alert>}
          <Box sx={{ bgcolor: 'common.black', aspectRatio: '16 / 9', display: 'flex' }}>
            <video
              ref={video}
              data-testid="live-video"
              muted
              autoPlay
              playsInline
              controls
              style={{ width: '100%', height: '100%', objectFit: 'contain' }}
              onPlaying={() => session.current && setState({ kind: 'playing' })}
            />
          </Box>
        </Paper>
      </Container>
    </>
  );
}
