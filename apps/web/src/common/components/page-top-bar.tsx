import DescriptionIcon from '@mui/icons-material/Description';
import LogoutIcon from '@mui/icons-material/Logout';
import MapIcon from '@mui/icons-material/Map';
import MenuIcon from '@mui/icons-material/Menu';
import ReplayIcon from '@mui/icons-material/Replay';
import SettingsIcon from '@mui/icons-material/Settings';
import { AppBar, Box, Drawer, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Toolbar, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveStore } from '../../store/live-store';
import { useLogout } from '../use-logout';

const PRODUCT = 'Tracklane';

/** The top bar of the replay, position and report pages: menu, product title, logout. */
export const PageTopBar = ({ title }: { title?: ReactNode }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const user = useLiveStore((state) => state.user);
  const logout = useLogout();
  const entries = [
    { to: '/', label: t('mapTitle'), icon: <MapIcon /> },
    { to: '/replay', label: t('reportReplay'), icon: <ReplayIcon /> },
    { to: '/reports/route', label: t('reportTitle'), icon: <DescriptionIcon /> },
    { to: '/settings/notifications', label: t('settingsTitle'), icon: <SettingsIcon />, disabled: !user },
  ];
  return (
    <>
      <AppBar position="static">
        <Toolbar>
          <IconButton color="inherit" edge="start" aria-label={t('sharedMenu')} onClick={() => setOpen(true)} sx={{ mr: 1 }}>
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" noWrap sx={{ flex: 1 }}>
            {title ? <>{PRODUCT} · {title}</> : PRODUCT}
          </Typography>
          <IconButton color="inherit" edge="end" aria-label={t('loginLogout')} onClick={() => void logout()}>
            <LogoutIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Drawer open={open} onClose={() => setOpen(false)}>
        <Box sx={{ width: 280 }} role="presentation" onClick={() => setOpen(false)}>
          <List component="nav" aria-label={t('sharedMenu')}>
            {entries.map((entry) => (
              <ListItemButton key={entry.to} component={Link} to={entry.to} disabled={entry.disabled}>
                <ListItemIcon>{entry.icon}</ListItemIcon>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>
    </>
  );
};
