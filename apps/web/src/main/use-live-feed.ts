import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchDevices } from '../api/devices';
import { fetchLatestPositions } from '../api/positions';
import { startSocket } from '../api/socket-controller';
import { useLiveStore } from '../store/live-store';
import { showEventNotification } from './event-notification';

/** Loads devices by REST, then follows the socket; events become browser notifications. */
export const useLiveFeed = () => {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    const store = useLiveStore.getState();
    void Promise.all([fetchDevices(), fetchLatestPositions()]).then(([devices, positions]) => {
      store.replaceDevices(devices);
      store.replacePositions(positions);
    });
    if ('Notification' in window && Notification.permission === 'default') void Notification.requestPermission();
    return startSocket((event) => showEventNotification(t, event), () => navigate('/login'));
  }, [navigate, t]);
};
