import FastForwardIcon from '@mui/icons-material/FastForward';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Checkbox, FormControlLabel, IconButton, MenuItem, Slider, Stack, TextField, Typography } from '@mui/material';
import type { Position } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPositionValue } from '../common/position-values';
import { usePreferences } from '../common/use-preferences';
import { SPEEDS, usePlayback } from './use-playback';

export interface ReplayControlsProps {
  positions: Position[];
  index: number;
  setIndex(index: number): void;
  follow: boolean;
  setFollow(follow: boolean): void;
}

/** The slider (one stop per position, fix time in its tooltip), play/pause, speed and follow. */
export const ReplayControls = ({ positions, index, setIndex, follow, setFollow }: ReplayControlsProps) => {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const playback = usePlayback(index, positions.length - 1, setIndex);
  const fixTime = (at: number) => formatPositionValue('fixTime', positions[at]?.fixTime, preferences);
  const current = positions[index];
  if (!current) return <Typography sx={{ p: 2 }}>{t('sharedNoData')}</Typography>;

  return (
    <Box sx={{ px: 2, py: 1 }}>
      <Slider
        aria-label={t('reportReplay')}
        min={0}
        max={positions.length - 1}
        step={1}
        marks={positions.length <= 100}
        value={index}
        onChange={(_, value) => {
          playback.stop();
          setIndex(value as number);
        }}
        valueLabelDisplay="auto"
        valueLabelFormat={fixTime}
        getAriaValueText={fixTime}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton aria-label={playback.playing ? t('reportPause') : t('reportPlay')} onClick={playback.toggle}>
          {playback.playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <TextField select size="small" name="speed" label={t('reportPlaybackSpeed')} value={playback.speed} onChange={(event) => playback.setSpeed(Number(event.target.value) as (typeof SPEEDS)[number])} sx={{ width: 110 }} slotProps={{ input: { startAdornment: <FastForwardIcon fontSize="small" /> } }}>
          {SPEEDS.map((speed) => <MenuItem key={speed} value={speed}>{speed}×</MenuItem>)}
        </TextField>
        <FormControlLabel control={<Checkbox checked={follow} onChange={(event) => setFollow(event.target.checked)} />} label={t('reportFollow')} />
      </Stack>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="body2" data-testid="replay-time">{fixTime(index)}</Typography>
        <Typography variant="body2">{formatPositionValue('speed', current.speed, preferences)}</Typography>
        <Typography variant="body2">{index + 1} / {positions.length}</Typography>
      </Stack>
      <Link to={`/position/${current.id}`}>{t('sharedInfoTitle')}</Link>
    </Box>
  );
};
