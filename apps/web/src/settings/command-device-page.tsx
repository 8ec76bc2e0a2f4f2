import { Alert, Box, Button, Checkbox, FormControlLabel, LinearProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { commandTypesQuery, savedCommandsQuery, sendCommand, type CommandDelivery } from '../api/commands';
import { errorMessage } from '../common/error-message';
import { useNavigateBack } from '../common/use-navigate-back';
import { SubmittedContext } from './components/form-validation';
import { CommandParameters, commandTypeLabel, missingParameter, type CommandDraft } from './command-parameters';

const NEW = 0;

/** /settings/device/{id}/command: send one of the device's saved commands, or a new one of a type its protocol takes. */
export default function CommandDevicePage() {
  const { t } = useTranslation();
  const deviceId = Number(useParams().id);
  const goBack = useNavigateBack('/');
  const saved = useQuery(savedCommandsQuery(deviceId));
  const types = useQuery(commandTypesQuery(deviceId));
  const [savedId, setSavedId] = useState(NEW);
  const [draft, setDraft] = useState<CommandDraft>({ type: '', attributes: {} });
  const [noQueue, setNoQueue] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<CommandDelivery>();
  const [failure, setFailure] = useState<string>();

  const type = savedId === NEW ? draft.type || types.data?.[0]?.type || '' : '';
  const send = async () => {
    setSubmitted(true);
    if (savedId === NEW && (!type || missingParameter({ ...draft, type }))) return;
    setSending(true);
    setFailure(undefined);
    setOutcome(undefined);
    try {
      const attributes = { ...draft.attributes, ...(noQueue ? { noQueue: true } : {}) };
      setOutcome(await sendCommand(savedId === NEW ? { deviceId, type, attributes } : { deviceId, id: savedId }));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  if (saved.isError || types.isError) return <Alert severity="error" sx={{ m: 2 }}>{errorMessage(saved.error ?? types.error)}</Alert>;
  if (!saved.data || !types.data) return <LinearProgress />;
  return (
    <SubmittedContext.Provider value={submitted}>
      <Box component="form" noValidate sx={{ p: 2, maxWidth: 720, display: 'flex', flexDirection: 'column', gap: 2 }} onSubmit={(event) => { event.preventDefault(); void send(); }}>
        <TextField select label={t('sharedSavedCommand')} value={savedId} onChange={(event) => setSavedId(Number(event.target.value))}>
          <MenuItem value={NEW}>{t('sharedNew')}</MenuItem>
          {saved.data.map((command) => <MenuItem key={command.id} value={command.id}>{command.description}</MenuItem>)}
        </TextField>
        {savedId === NEW && (
          <>
            <TextField select label={t('sharedType')} value={type} onChange={(event) => setDraft({ type: event.target.value, attributes: {} })}>
              {types.data.map(({ type: option }) => <MenuItem key={option} value={option}>{commandTypeLabel(t, option)}</MenuItem>)}
            </TextField>
            <CommandParameters draft={{ ...draft, type }} setDraft={setDraft} />
            <FormControlLabel control={<Checkbox checked={noQueue} onChange={(event) => setNoQueue(event.target.checked)} />} label={t('commandNoQueue')} />
          </>
        )}
        {outcome && <Alert severity="success" role="status">{t(outcome === 'sent' ? 'commandSent' : 'commandQueued')}</Alert>}
        {failure && <Alert severity="error" role="alert">{failure}</Alert>}
        <Stack direction="row" spacing={2}>
          <Button variant="outlined" onClick={() => goBack()}>{t('sharedCancel')}</Button>
          <Button variant="contained" type="submit" disabled={sending}>{t('commandSend')}</Button>
        </Stack>
      </Box>
    </SubmittedContext.Provider>
  );
}
