import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Drawer, IconButton, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { DRAWER_WIDTH } from '../app/theme';
import { SettingsMenu } from './settings-menu';


/** Settings and administration pages: the side menu beside the page, or behind a menu button on phones. */
export const SettingsLayout = () => {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const width = wide ? DRAWER_WIDTH.desktop : DRAWER_WIDTH.tablet;
  const titleKey = useMatches()
    .map((match) => (match.handle as { title?: string } | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  const title = titleKey ? t(titleKey) : t('settingsTitle');

  return (
    <Box sx={{ display: 'flex', height: '100dvh' }}>
      {desktop ? (
        <Drawer variant="permanent" sx={{ width, flexShrink: 0, '& .MuiDrawer-paper': { width, boxSizing: 'border-box' } }}>
          <Toolbar>
            <IconButton edge="start" aria-label={t('sharedBack')} onClick={() => navigate(-1)} sx={{ mr: 1 }}>
              <ArrowBackIcon />
            </IconButton>
            <Typography variant="h6" noWrap>{t('settingsTitle')}</Typography>
          </Toolbar>
          <SettingsMenu />
        </Drawer>
      ) : (
        <Drawer key={pathname} open={menuOpen} onClose={() => setMenuOpen(false)}>
          <Box sx={{ width: DRAWER_WIDTH.tablet }} onClick={() => setMenuOpen(false)}>
            <SettingsMenu />
          </Box>
        </Drawer>
      )}
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        {!desktop && (
          <AppBar position="static">
            <Toolbar>
              <IconButton edge="start" color="inherit" aria-label={t('settingsTitle')} onClick={() => setMenuOpen(true)} sx={{ mr: 1 }}>
                <MenuIcon />
              </IconButton>
              <Typography variant="h6" noWrap>{title}</Typography>
            </Toolbar>
          </AppBar>
        )}
        <Box component="main" sx={{ flex: 1, overflow: 'auto', position: 'relative' }}>
          {desktop && <Typography variant="h5" component="h1" sx={{ px: 2, pt: 2 }}>{title}</Typography>}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
};
