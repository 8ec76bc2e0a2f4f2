import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchDevices } from '../api/devices';
import { fetchLatestPositions } from '../api/positions';
import { HttpError } from '../api/http';
import { startSocket } from '../api/socket-controller';
import { errorMessage } from '../common/error-message';
import { useErrorStore } from '../store/error-store';
import { useLiveStore } from '../store/live-store';
import { showEventNotification } from './event-notification';

/** Loads devices by REST, then follows the socket; events become browser notifications. */
export const useLiveFeed = () => {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    const store = useLiveStore.getState();
    Promise.all([fetchDevices(), fetchLatestPositions()])
      .then(([devices, positions]) => {
        store.replaceDevices(devices);
        store.replacePositions(positions);
      })
      .catch((error: unknown) => {
        // an ended session is the socket's to handle: it goes to /login
        if (error instanceof HttpError && error.status === 401) return;
        useErrorStore.getState().push(errorMessage(error));
      });
    if ('Notification' in window && Notification.permission === 'default') void Notification.requestPermission();
    return startSocket((event) => showEventNotification(t, event), () => navigate('/login'));
  }, [navigate, t]);
};
