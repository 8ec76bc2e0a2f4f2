import { Autocomplete, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { ALARM_KINDS, type Command, type Notification } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { useContext } from 'react';
import { useNotificationTypes, useNotificators } from '../api/notification-catalog';
import { useResourceList } from '../api/resource-api';
import { SubmittedContext } from './components/form-validation';
import { LoadError } from '../common/components/load-error';
import { alarmLabel, eventLabel, notificatorLabel } from '../common/event-label';
import { EditItemPage } from './components/edit-item-page';
import { FormSection } from './components/form-section';

const blankNotification = (): Omit<Notification, 'id'> => ({
  type: 'alarm', always: false, notificators: 'web', calendarId: 0, commandId: 0, description: null, attributes: {},
});

const split = (list: unknown) => (typeof list === 'string' && list ? list.split(',') : []);

/** The saved command the command channel sends; required once that channel is chosen. */
const SavedCommandField = ({ commands, commandId, onChange }: { commands: Command[]; commandId: number; onChange(commandId: number): void }) => {
  const { t } = useTranslation();
  const missing = useContext(SubmittedContext) && !(commandId > 0);
  return (
    <TextField select required name="commandId" label={t('sharedSavedCommand')} value={commands.some((command) => command.id === commandId) ? commandId : ''}
      error={missing} helperText={missing ? t('sharedRequired') : undefined} onChange={(event) => onChange(Number(event.target.value))}>
      {commands.map((command) => <MenuItem key={command.id} value={command.id}>{command.description}</MenuItem>)}
    </TextField>
  );
};

/** /settings/notification/{id?}: type, channels, alarms (for alarm notifications) and "all devices". */
export default function NotificationPage() {
  const { t } = useTranslation();
  const typesQuery = useNotificationTypes();
  const channelsQuery = useNotificators();
  const types = (typesQuery.data ?? []).map((item) => item.type);
  const channels = (channelsQuery.data ?? []).map((item) => item.type);
  const commandsQuery = useResourceList('commands');
  const commands = commandsQuery.data ?? [];
  return (
    <EditItemPage resource="notifications" blank={blankNotification} backTo="/settings/notifications" isValid={(item) => Boolean(item.type) && (!split(item.notificators).includes('command') || item.commandId > 0)}>
      {(item, setItem) => {
        const withAlarms = item.type === 'alarm' || !item.type;
        return (
          <FormSection title={t('sharedRequired')} defaultExpanded>
            <LoadError error={typesQuery.error ?? channelsQuery.error ?? commandsQuery.error} />
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
            {split(item.notificators).includes('command') && (
              <SavedCommandField commands={commands} commandId={item.commandId} onChange={(commandId) => setItem({ ...item, commandId })} />
            )}
            <TextField name="description" label={t('sharedDescription')} value={item.description ?? ''} onChange={(event) => setItem({ ...item, description: event.target.value || null })} />
            <FormControlLabel control={<Checkbox checked={item.always} onChange={(event) => setItem({ ...item, always: event.target.checked })} />} label={t('notificationAlways')} />
          </FormSection>
        );
      }}
    </EditItemPage>
  );
}
