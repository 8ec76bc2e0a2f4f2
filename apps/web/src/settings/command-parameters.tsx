import { TextField } from '@mui/material';
import type { TFunction } from 'i18next';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { RequiredTextField, SubmittedContext } from './components/form-validation';

/** A new command as the form holds it. */
export interface CommandDraft {
  type: string;
  attributes: Record<string, unknown>;
}

/** Labels of the types some protocol here takes; any other shows as its name. */
const TYPE_LABELS: Record<string, string> = {
  custom: 'commandCustom', engineStop: 'commandEngineStop', engineResume: 'commandEngineResume', positionSingle: 'commandPositionSingle',
  positionPeriodic: 'commandPositionPeriodic', positionStop: 'commandPositionStop', alarmArm: 'commandAlarmArm', alarmDisarm: 'commandAlarmDisarm', rebootDevice: 'commandRebootDevice',
  getVersion: 'commandGetVersion', sosNumber: 'commandSosNumber', powerOff: 'commandPowerOff', message: 'commandMessage',
};

export const commandTypeLabel = (t: TFunction, type: string): string => (TYPE_LABELS[type] ? t(TYPE_LABELS[type]) : type);

const text = (draft: CommandDraft, key: string): string => (typeof draft.attributes[key] === 'string' ? (draft.attributes[key] as string) : '');
const frequencyOf = (draft: CommandDraft): number => Number(draft.attributes.frequency ?? 0);

/** Whether a parameter the type needs is missing (the server would refuse the command). */
export const missingParameter = (draft: CommandDraft): boolean => {
  if (draft.type === 'custom') return !text(draft, 'data').trim();
  if (draft.type === 'positionPeriodic') return !(frequencyOf(draft) > 0);
  if (draft.type === 'sosNumber') return !text(draft, 'phone').trim();
  if (draft.type === 'message') return !text(draft, 'message').trim();
  return false;
};

/** The fields of the parameters the draft's type takes (none for engine stop and the like). */
export const CommandParameters = ({ draft, setDraft }: { draft: CommandDraft; setDraft(draft: CommandDraft): void }) => {
  const { t } = useTranslation();
  const submitted = useContext(SubmittedContext);
  const set = (key: string, value: unknown) => setDraft({ type: draft.type, attributes: { ...draft.attributes, [key]: value } });
  const textField = (key: string, label: string) => <RequiredTextField name={key} label={label} value={text(draft, key)} onChange={(event) => set(key, event.target.value)} />;
  switch (draft.type) {
    case 'custom':
      return textField('data', t('commandData'));
    case 'message':
      return textField('message', t('commandMessage'));
    case 'sosNumber':
      return (
        <>
          <TextField select={false} type="number" name="index" label={t('commandIndex')} value={draft.attributes.index ?? 1} slotProps={{ htmlInput: { min: 1, max: 3 } }} onChange={(event) => set('index', Number(event.target.value))} />
          {textField('phone', t('commandPhone'))}
        </>
      );
    case 'positionPeriodic': {
      const invalid = submitted && missingParameter(draft);
      return (
        <TextField type="number" name="frequency" required label={t('commandFrequency')} value={draft.attributes.frequency ?? ''} error={invalid} helperText={invalid ? t('sharedRequired') : undefined}
          slotProps={{ htmlInput: { min: 1 } }} onChange={(event) => set('frequency', event.target.value === '' ? undefined : Number(event.target.value))} />
      );
    }
    default:
      return null;
  }
};
