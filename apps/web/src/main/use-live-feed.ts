import { useEffect } from 'react';
import { eventLabel } from '../common/event-label';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchDevices } from '../api/devices';
import { fetchLatestPositions } from '../api/positions';
import { startSocket } from '../api/socket-controller';
import { useLiveStore } from '../store/live-store';

export const EVENT_NOTIFICATION_MS = 4000;

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
    const notify = (event: { type: string; attributes: Record<string, unknown> }) => {
      if (!('Notification' in window) || Notification.permission !== 'granted') return;
      const notification = new Notification(eventLabel(t, event.type), {
        body: String(event.attributes.message ?? ''),
      });
      setTimeout(() => notification.close(), EVENT_NOTIFICATION_MS);
    };
    if ('Notification' in window && Notification.permission === 'default') void Notification.requestPermission();
    return startSocket(notify, () => navigate('/login'));
  }, [navigate, t]);
};
