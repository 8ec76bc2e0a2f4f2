import BarChartIcon from '@mui/icons-material/BarChart';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import LocalParkingIcon from '@mui/icons-material/LocalParking';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import TimelineIcon from '@mui/icons-material/Timeline';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import { Box, List, ListItemButton, ListItemIcon, ListItemText, Paper, useMediaQuery, useTheme } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageTopBar } from '../common/components/page-top-bar';

const REPORTS = [
  { path: '/reports/route', label: 'reportRoute', icon: <TimelineIcon /> },
  { path: '/reports/event', label: 'reportEvents', icon: <NotificationsActiveIcon /> },
  { path: '/reports/trip', label: 'reportTrips', icon: <DirectionsCarIcon /> },
  { path: '/reports/stop', label: 'reportStops', icon: <LocalParkingIcon /> },
  { path: '/reports/summary', label: 'reportSummary', icon: <FormatListBulletedIcon /> },
  { path: '/reports/chart', label: 'reportChart', icon: <BarChartIcon /> },
] as const;

/** The reports area: the six report types beside the chosen one. */
export const ReportsLayout = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const desktop = useMediaQuery(useTheme().breakpoints.up('md'));
  const current = REPORTS.find((report) => report.path === pathname);
  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <PageTopBar title={current ? t(current.label) : t('reportTitle')} />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: desktop ? 'row' : 'column' }}>
        <Paper square elevation={0} sx={{ borderRight: desktop ? 1 : 0, borderBottom: desktop ? 0 : 1, borderColor: 'divider', width: desktop ? 260 : 'auto', overflowX: 'auto' }}>
          <List component="nav" aria-label={t('reportTitle')} sx={desktop ? undefined : { display: 'flex', py: 0 }}>
            {REPORTS.map((report) => (
              <ListItemButton key={report.path} component={Link} to={report.path} selected={report.path === pathname} sx={desktop ? undefined : { flex: 'none' }}>
                <ListItemIcon sx={desktop ? undefined : { minWidth: 32 }}>{report.icon}</ListItemIcon>
                <ListItemText primary={t(report.label)} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Box component="main" sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'auto' }}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
};
