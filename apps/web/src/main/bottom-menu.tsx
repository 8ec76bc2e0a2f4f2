import LogoutIcon from '@mui/icons-material/Logout';
import MapIcon from '@mui/icons-material/Map';
import ReplayIcon from '@mui/icons-material/Replay';
import DescriptionIcon from '@mui/icons-material/Description';
import SettingsIcon from '@mui/icons-material/Settings';
import { BottomNavigation, BottomNavigationAction, Paper, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../common/use-logout';
import { useLiveStore } from '../store/live-store';

export const BottomMenu = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const desktop = useMediaQuery(useTheme().breakpoints.up('md'));
  const signOut = useLogout();
  const user = useLiveStore((state) => state.user);

  return (
    <Paper square elevation={3}>
      <BottomNavigation showLabels value="map">
        {desktop ? (
          <BottomNavigationAction label={t('reportReplay')} value="replay" icon={<ReplayIcon />} onClick={() => navigate('/replay')} />
        ) : (
          <BottomNavigationAction label={t('mapTitle')} value="map" icon={<MapIcon />} onClick={() => navigate('/')} />
        )}
        <BottomNavigationAction label={t('reportTitle')} value="reports" icon={<DescriptionIcon />} onClick={() => navigate('/reports/route')} />
        <BottomNavigationAction label={t('settingsTitle')} value="settings" disabled={!user} icon={<SettingsIcon />} onClick={() => navigate('/settings/notifications')} />
        <BottomNavigationAction label={t('loginLogout')} value="logout" icon={<LogoutIcon />} onClick={() => void signOut()} />
      </BottomNavigation>
    </Paper>
  );
};
