import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, IconButton, Paper, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { Geofence } from '@tracklane/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeofences } from '../api/geofences';
import { DRAWER_WIDTH } from '../app/theme';
import { errorMessage } from '../common/error-message';
import { useNavigateBack } from '../common/use-navigate-back';
import { MapGeofences } from '../map/map-geofences';
import { MapView } from '../map/map-view';
import { GeofenceDraw } from './geofence-draw';
import { GeofenceList } from './geofence-list';

const NARROW_LIST_HEIGHT = '40%';
const NO_GEOFENCES: Geofence[] = [];

/** /geofences: the map with drawing tools beside the list. There is no add button: geofences are created by drawing. */
export default function GeofencesPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const goBack = useNavigateBack('/');
  const geofences = useGeofences();
  const [selectedId, setSelectedId] = useState<number>();

  const header = (
    <Toolbar>
      <IconButton edge="start" aria-label={t('sharedBack')} onClick={goBack} sx={{ mr: 1 }}>
        <ArrowBackIcon />
      </IconButton>
      <Typography variant="h6" component="h1" noWrap>{t('sharedGeofences')}</Typography>
    </Toolbar>
  );
  const list = (
    <Box sx={{ flex: 1, overflow: 'auto' }}>
      {geofences.isError && <Alert severity="error" sx={{ m: 2 }}>{errorMessage(geofences.error)}</Alert>}
      <GeofenceList geofences={geofences.data} selectedId={selectedId} onSelect={setSelectedId} />
    </Box>
  );
  const map = (
    <Box sx={{ flex: 1, position: 'relative', minHeight: 0 }}>
      <MapView>
        <MapGeofences />
        <GeofenceDraw geofences={geofences.data ?? NO_GEOFENCES} selectedId={selectedId} onSelectedChange={setSelectedId} />
      </MapView>
    </Box>
  );

  // wide: the list beside the map; narrow: the title above the map and the list below it.
  // The map keeps its place in the tree either way, so a change of width does not rebuild it.
  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: desktop ? 'row' : 'column' }}>
      <Paper square elevation={3} sx={{ display: 'flex', flexDirection: 'column', zIndex: 2, width: desktop ? (wide ? DRAWER_WIDTH.desktop : DRAWER_WIDTH.tablet) : 'auto' }}>
        {header}
        {desktop && list}
      </Paper>
      {map}
      {!desktop && (
        <Paper square elevation={3} sx={{ display: 'flex', flexDirection: 'column', zIndex: 2, height: NARROW_LIST_HEIGHT }}>
          {list}
        </Paper>
      )}
    </Box>
  );
}
