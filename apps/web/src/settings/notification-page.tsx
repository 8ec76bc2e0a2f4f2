import { Autocomplete, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { ALARM_KINDS, type Notification } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { useNotificationTypes, useNotificators } from '../api/notification-catalog';
import { LoadError } from '../common/components/load-error';
import { alarmLabel, eventLabel, notificatorLabel } from '../common/event-label';
import { EditItemPage } from './components/edit-item-page';
import { FormSection } from './components/form-section';

const blankNotification = (): Omit<Notification, 'id'> => ({
  type: 'alarm', always: false, notificators: 'web', calendarId: 0, commandId: 0, description: null, attributes: {},
});

const split = (list: unknown) => (typeof list === 'string' && list ? list.split(',') : []);

/** /settings/notification/{id?}: type, channels, alarms (for alarm notifications) and "all devices". */
export default function NotificationPage() {
  const { t } = useTranslation();
  const typesQuery = useNotificationTypes();
  const channelsQuery = useNotificators();
  const types = (typesQuery.data ?? []).map((item) => item.type);
  const channels = (channelsQuery.data ?? []).map((item) => item.type);
  return (
    <EditItemPage resource="notifications" blank={blankNotification} backTo="/settings/notifications" isValid={(item) => Boolean(item.type)}>
      {(item, setItem) => {
        const withAlarms = item.type === 'alarm' || !item.type;
        return (
          <FormSection title={t('sharedRequired')} defaultExpanded>
            <LoadError error={typesQuery.error ?? channelsQuery.error} />
            <TextField select name="type" label={t('notificationType')} value={types.includes(item.type) ? item.type : ''} onChange={(event) => {
              const type = event.target.value;
              const { alarms: _alarms, ...attributes } = item.attributes;
              setItem({ ...item, type, attributes: type === 'alarm' ? item.attributes : attributes });
            }}>
              {types.map((type) => <MenuItem key={type} value={type}>{eventLabel(t, type)}</MenuItem>)}
            </TextField>
            <Autocomplete
              multiple
              options={channels}
              value={split(item.notificators).filter((channel) => channels.includes(channel))}
              getOptionLabel={(channel) => notificatorLabel(t, channel)}
              onChange={(_, chosen) => setItem({ ...item, notificators: chosen.join(',') || null })}
              renderInput={(params) => <TextField {...params} label={t('notificationNotificators')} />}
            />
            {withAlarms && (
              <Autocomplete
                multiple
                options={[...ALARM_KINDS]}
                value={split(item.attributes.alarms)}
                getOptionLabel={(alarm) => alarmLabel(t, alarm)}
                onChange={(_, chosen) => setItem({ ...item, attributes: { ...item.attributes, alarms: chosen.join(',') } })}
                renderInput={(params) => <TextField {...params} label={t('sharedAlarms')} />}
              />
            )}
            <TextField name="description" label={t('sharedDescription')} value={item.description ?? ''} onChange={(event) => setItem({ ...item, description: event.target.value || null })} />
            <FormControlLabel control={<Checkbox checked={item.always} onChange={(event) => setItem({ ...item, always: event.target.checked })} />} label={t('notificationAlways')} />
          </FormSection>
        );
      }}
    </EditItemPage>
  );
}
