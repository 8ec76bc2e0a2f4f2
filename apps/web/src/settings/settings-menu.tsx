import BarChartIcon from '@mui/icons-material/BarChart';
import BuildIcon from '@mui/icons-material/Build';
import CreateIcon from '@mui/icons-material/Create';
import DnsIcon from '@mui/icons-material/Dns';
import FolderIcon from '@mui/icons-material/Folder';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import StorageIcon from '@mui/icons-material/Storage';
import BadgeIcon from '@mui/icons-material/Badge';
import MapIcon from '@mui/icons-material/Map';
import SendIcon from '@mui/icons-material/Send';
import { Divider, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLiveStore } from '../store/live-store';

interface MenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
}

const MenuLink = ({ path, label, icon }: MenuEntry) => {
  const { pathname } = useLocation();
  const section = path.replace(/s$/, '');
  return (
    <ListItemButton component={Link} to={path} selected={pathname === path || pathname.startsWith(`${section}/`)}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );
};

/** The settings side menu; server, users and statistics only for administrators. */
export const SettingsMenu = () => {
  const { t } = useTranslation();
  const user = useLiveStore((state) => state.user);
  const entries: MenuEntry[] = [
    { path: '/', label: t('mapTitle'), icon: <MapIcon /> },
    { path: '/settings/notifications', label: t('sharedNotifications'), icon: <NotificationsIcon /> },
    { path: `/user/${user?.id ?? ''}`, label: t('settingsUser'), icon: <PersonIcon /> },
    { path: '/settings/devices', label: t('deviceTitle'), icon: <SmartphoneIcon /> },
    { path: '/geofences', label: t('sharedGeofences'), icon: <CreateIcon /> },
    { path: '/settings/groups', label: t('settingsGroups'), icon: <FolderIcon /> },
    { path: '/settings/drivers', label: t('sharedDrivers'), icon: <BadgeIcon /> },
    { path: '/settings/attributes', label: t('sharedComputedAttributes'), icon: <StorageIcon /> },
    { path: '/settings/maintenances', label: t('sharedMaintenance'), icon: <BuildIcon /> },
    { path: '/settings/commands', label: t('sharedSavedCommands'), icon: <SendIcon /> },
  ];
  const adminEntries: MenuEntry[] = [
    { path: '/admin/server', label: t('settingsServer'), icon: <DnsIcon /> },
    { path: '/admin/users', label: t('settingsUsers'), icon: <PeopleIcon /> },
    { path: '/admin/statistics', label: t('statisticsTitle'), icon: <BarChartIcon /> },
  ];
  return (
    <List component="nav" aria-label={t('settingsTitle')}>
      {entries.map((entry) => <MenuLink key={entry.path} {...entry} />)}
      {user?.administrator && (
        <>
          <Divider />
          {adminEntries.map((entry) => <MenuLink key={entry.path} {...entry} />)}
        </>
      )}
    </List>
  );
};
