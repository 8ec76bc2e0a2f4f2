import { Alert, Box, Button, Checkbox, FormControlLabel, LinearProgress, Stack, TextField } from '@mui/material';
import type { Server } from '@tracklane/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverQuery, useServer } from '../api/server';
import { updateServer } from '../api/server-settings';
import { LoadError } from '../common/components/load-error';
import { errorMessage } from '../common/error-message';
import { useNavigateBack } from '../common/use-navigate-back';
import { PREFERENCE_ATTRIBUTES } from './attribute-definitions';
import { AttributesEditor } from './components/attributes-editor';
import { FormSection } from './components/form-section';
import { UserPreferencesSection } from './user-preferences-section';

type Switch = 'registration' | 'readonly' | 'deviceReadonly' | 'limitCommands' | 'forceSettings';

/** /admin/server: preferences with the announcement, permission switches, attributes. */
export default function ServerPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const goBack = useNavigateBack('/settings/notifications');
  const loaded = useServer();
  const [server, setServer] = useState<Server>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (loaded.data) setServer(loaded.data);
  }, [loaded.data]);

  if (!server) return loaded.isError ? <LoadError error={loaded.error} sx={{ m: 2 }} /> : <LinearProgress />;

  const save = async () => {
    setFailure(undefined);
    try {
      client.setQueryData(serverQuery.queryKey, await updateServer(server));
      goBack();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const toggle = (key: Switch, label: string) => (
    <FormControlLabel control={<Checkbox name={key} checked={server[key]} onChange={(event) => setServer({ ...server, [key]: event.target.checked })} />} label={label} />
  );

  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <UserPreferencesSection<Server> user={server} setUser={setServer} defaultExpanded>
        <TextField name="announcement" label={t('serverAnnouncement')} multiline minRows={2} value={server.announcement ?? ''} onChange={(event) => setServer({ ...server, announcement: event.target.value || null })} />
        {toggle('forceSettings', t('serverForceSettings'))}
      </UserPreferencesSection>
      <FormSection title={t('sharedPermissions')}>
        {toggle('registration', t('serverRegistration'))}
        {toggle('readonly', t('serverReadonly'))}
        {toggle('deviceReadonly', t('userDeviceReadonly'))}
        {toggle('limitCommands', t('userLimitCommands'))}
      </FormSection>
      <FormSection title={t('sharedAttributes')}>
        <AttributesEditor attributes={server.attributes} setAttributes={(attributes) => setServer({ ...server, attributes })} definitions={PREFERENCE_ATTRIBUTES} />
      </FormSection>
      {failure && <Alert severity="error" role="alert" sx={{ mt: 2 }}>{failure}</Alert>}
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={goBack}>{t('sharedCancel')}</Button>
        <Button variant="contained" onClick={() => void save()}>{t('sharedSave')}</Button>
      </Stack>
    </Box>
  );
}
