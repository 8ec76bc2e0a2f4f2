import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Alert, Box, Collapse, IconButton, LinearProgress, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { Position } from '@tracklane/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRoute } from '../api/positions';
import { PageTopBar } from '../common/components/page-top-bar';
import { errorMessage } from '../common/error-message';
import { defaultCustomRange, periodRange } from '../common/report-period';
import { usePreferences } from '../common/use-preferences';
import { MapFitBounds } from '../map/map-fit-bounds';
import { MapPointMarker } from '../map/map-point-marker';
import { MapRoutePath } from '../map/map-route-path';
import { MapView } from '../map/map-view';
import { useLiveStore } from '../store/live-store';
import { ReplayConfigPanel, type ReplayConfig } from './replay-config-panel';
import { ReplayControls } from './replay-controls';

const FIT_PADDING = { top: 50, bottom: 250, left: 25, right: 25 };
const PANEL = { width: 350, narrowHeight: 250 };

/** /replay: a device's route over a period, a marker at the chosen position and a slider to move it. */
export default function ReplayPage() {
  const { t } = useTranslation();
  const desktop = useMediaQuery(useTheme().breakpoints.up('md'));
  const { timezone } = usePreferences();
  const selectedId = useLiveStore((state) => state.selectedId);
  const [config, setConfig] = useState<ReplayConfig>({ deviceId: selectedId ?? '', period: 'today', ...defaultCustomRange() });
  const [configOpen, setConfigOpen] = useState(true);
  const [positions, setPositions] = useState<Position[]>([]);
  const [index, setIndex] = useState(0);
  const [follow, setFollow] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string>();
  const coordinates = useMemo(() => positions.map((position): [number, number] => [position.longitude, position.latitude]), [positions]);
  const current = positions[index];

  const show = async () => {
    if (config.deviceId === '') return;
    setLoading(true);
    setFailure(undefined);
    try {
      const range = periodRange(config.period, config, timezone);
      setPositions(await fetchRoute(config.deviceId, range.from, range.to));
      setIndex(0);
      setConfigOpen(false);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setLoading(false);
    }
  };

  const panelPosition = desktop ? { top: 16, left: 16, width: PANEL.width } : { left: 0, right: 0, bottom: 0, maxHeight: PANEL.narrowHeight, overflow: 'auto' };
  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <PageTopBar title={t('reportReplay')} />
      <Box sx={{ flex: 1, position: 'relative' }}>
        <MapView>
          <MapRoutePath coordinates={coordinates} />
          <MapFitBounds coordinates={coordinates} padding={FIT_PADDING} />
          {current && <MapPointMarker longitude={current.longitude} latitude={current.latitude} course={current.course} follow={follow} />}
        </MapView>
        <Paper elevation={3} sx={{ position: 'absolute', zIndex: 2, ...panelPosition }} data-testid="replay-panel">
          <Stack direction="row" sx={{ alignItems: 'center', pl: 2, pr: 1 }}>
            <Typography variant="subtitle1" sx={{ flex: 1 }}>{t('reportConfigure')}</Typography>
            <IconButton aria-label={t('reportConfigure')} aria-expanded={configOpen} onClick={() => setConfigOpen(!configOpen)}>
              {configOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </IconButton>
          </Stack>
          <Collapse in={configOpen}>
            <ReplayConfigPanel value={config} onChange={setConfig} onShow={() => void show()} loading={loading} />
          </Collapse>
          {loading && <LinearProgress />}
          {failure && <Alert severity="error" role="alert" sx={{ m: 2 }}>{failure}</Alert>}
          {!configOpen && <ReplayControls positions={positions} index={index} setIndex={setIndex} follow={follow} setFollow={setFollow} />}
        </Paper>
      </Box>
    </Box>
  );
}
