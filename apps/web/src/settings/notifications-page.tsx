import { useTranslation } from 'react-i18next';
import { alarmLabel, eventLabel, notificatorLabel } from '../common/event-label';
import { EntityTable } from './components/entity-table';

const split = (list: unknown) => (typeof list === 'string' && list ? list.split(',') : []);

export default function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <EntityTable
      resource="notifications"
      editPath="/settings/notification"
      titleOf={(item) => eventLabel(t, item.type)}
      columns={[
        { label: t('notificationType'), value: (item) => eventLabel(t, item.type) },
        { label: t('notificationAlways'), value: (item) => (item.always ? t('sharedYes') : t('sharedNo')) },
        { label: t('sharedAlarms'), value: (item) => split(item.attributes.alarms).map((alarm) => alarmLabel(t, alarm)).join(', ') },
        { label: t('notificationNotificators'), value: (item) => split(item.notificators).map((channel) => notificatorLabel(t, channel)).join(', ') },
      ]}
    />
  );
}
