import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { COMMAND_TYPES, type Command } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { CommandParameters, commandTypeLabel, missingParameter } from './command-parameters';
import { EditItemPage } from './components/edit-item-page';
import { FormSection } from './components/form-section';
import { RequiredTextField } from './components/form-validation';

const blankCommand = (): Omit<Command, 'id'> => ({ description: '', type: 'custom', textChannel: false, attributes: {}, deviceId: 0 });

/** /settings/command/{id?}: a saved command's description, type, channel and the parameters its type takes. */
export default function CommandPage() {
  const { t } = useTranslation();
  return (
    <EditItemPage resource="commands" blank={blankCommand} backTo="/settings/commands" isValid={(command) => Boolean(command.description.trim()) && !missingParameter(command)}>
      {(command, setCommand) => (
        <FormSection title={t('sharedRequired')} defaultExpanded>
          <RequiredTextField name="description" label={t('sharedDescription')} value={command.description} onChange={(event) => setCommand({ ...command, description: event.target.value })} />
          <TextField select name="type" label={t('sharedType')} value={command.type} onChange={(event) => setCommand({ ...command, type: event.target.value, attributes: {} })}>
            {COMMAND_TYPES.map((type) => <MenuItem key={type} value={type}>{commandTypeLabel(t, type)}</MenuItem>)}
          </TextField>
          <CommandParameters draft={command} setDraft={(draft) => setCommand({ ...command, ...draft })} />
          <FormControlLabel control={<Checkbox checked={command.textChannel} onChange={(event) => setCommand({ ...command, textChannel: event.target.checked })} />} label={t('commandSendSms')} />
        </FormSection>
      )}
    </EditItemPage>
  );
}
