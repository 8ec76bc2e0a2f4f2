import { Box, Drawer, IconButton, Paper, useMediaQuery, useTheme } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ListIcon from '@mui/icons-material/List';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAWER_WIDTH } from '../app/theme';
import { AnnouncementBanner } from '../common/components/announcement-banner';
import { MapView } from '../map/map-view';
import { MapAccuracy } from '../map/map-accuracy';
import { MapGeofences } from '../map/map-geofences';
import { MapPadding } from '../map/map-padding';
import { MapPositions } from '../map/map-positions';
import { BottomMenu } from './bottom-menu';
import { DevicePopup } from './device-popup';
import { DeviceSidebar } from './device-sidebar';
import { useLiveFeed } from './use-live-feed';

export default function MainPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(desktop);
  useLiveFeed();

  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ flex: 1, position: 'relative', minHeight: 0 }}>
        <MapView>
          <MapGeofences />
          <MapAccuracy />
          <MapPositions />
          <MapPadding left={desktop && open ? DRAWER_WIDTH.desktop : 0} />
        </MapView>
        {!open && (
          <Paper sx={{ position: 'absolute', top: 8, left: 8 }}>
            <IconButton aria-label={t('deviceTitle')} onClick={() => setOpen(true)}>
              <ListIcon />
            </IconButton>
          </Paper>
        )}
        <Drawer
          variant={desktop ? 'persistent' : 'temporary'}
          open={open}
          onClose={() => setOpen(false)}
          slotProps={{ paper: { sx: { width: desktop ? DRAWER_WIDTH.desktop : DRAWER_WIDTH.tablet, position: desktop ? 'absolute' : 'fixed' } } }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <IconButton aria-label={t('sharedHide')} onClick={() => setOpen(false)}>
              <ChevronLeft />
            </IconButton>
          </Box>
          <DeviceSidebar />
        </Drawer>
        <AnnouncementBanner sx={{ position: 'absolute', top: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 2, maxWidth: 480 }} />
        <DevicePopup offsetLeft={desktop && open ? DRAWER_WIDTH.desktop : 0} />
      </Box>
      <BottomMenu />
    </Box>
  );
}
