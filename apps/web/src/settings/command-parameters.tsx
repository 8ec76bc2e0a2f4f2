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
  alarmDismiss: 'commandAlarmDismiss', requestPhoto: 'commandRequestPhoto', factoryReset: 'commandFactoryReset', voiceMessage: 'commandVoiceMessage',
  outputControl: 'commandOutputControl', configuration: 'commandConfiguration', setConnection: 'commandSetConnection', setSpeedLimit: 'commandSetSpeedLimit',
};

export const commandTypeLabel = (t: TFunction, type: string): string => (TYPE_LABELS[type] ? t(TYPE_LABELS[type]) : type);

const text = (draft: CommandDraft, key: string): string => (typeof draft.attributes[key] === 'string' ? (draft.attributes[key] as string) : '');
const MAX_PORT = 65535;

/** Whether a number parameter is missing or out of its range (the server would refuse it). */
const badNumber = (draft: CommandDraft, key: string, max = Infinity): boolean => {
  const value = Number(draft.attributes[key] ?? 0);
  return !(value > 0 && value <= max);
};

/** Whether a parameter the type needs is missing (the server would refuse the command). */
export const missingParameter = (draft: CommandDraft): boolean => {
  switch (draft.type) {
    case 'custom':
      return !text(draft, 'data').trim();
    case 'positionPeriodic':
      return badNumber(draft, 'frequency');
    case 'sosNumber':
      return !text(draft, 'phone').trim();
    case 'message':
    case 'voiceMessage':
      return !text(draft, 'message').trim();
    case 'setConnection':
      return !text(draft, 'server').trim() || badNumber(draft, 'port', MAX_PORT);
    case 'setSpeedLimit':
      return badNumber(draft, 'data');
    default:
      return false;
  }
};

/** The fields of the parameters the draft's type takes (none for engine stop and the like). */
export const CommandParameters = ({ draft, setDraft }: { draft: CommandDraft; setDraft(draft: CommandDraft): void }) => {
  const { t } = useTranslation();
  const submitted = useContext(SubmittedContext);
  const set = (key: string, value: unknown) => setDraft({ type: draft.type, attributes: { ...draft.attributes, [key]: value } });
  const textField = (key: string, label: string) => <RequiredTextField name={key} label={label} value={text(draft, key)} onChange={(event) => set(key, event.target.value)} />;
  /** A whole number the command needs, from 1 up to `max`. */
  const requiredNumber = (key: string, label: string, max?: number) => {
    const invalid = submitted && badNumber(draft, key, max);
    return (
      <TextField type="number" name={key} required label={label} value={draft.attributes[key] ?? ''} error={invalid} helperText={invalid ? t('sharedRequired') : undefined}
        slotProps={{ htmlInput: { min: 1, max } }} onChange={(event) => set(key, event.target.value === '' ? undefined : Number(event.target.value))} />
    );
  };
  /** The index of a camera channel or output, 0 unless set. */
  const index = (label: string) => (
    <TextField type="number" name="index" label={label} value={draft.attributes.index ?? 0} slotProps={{ htmlInput: { min: 0, max: 255 } }} onChange={(event) => set('index', Number(event.target.value))} />
  );
  switch (draft.type) {
    case 'custom':
      return textField('data', t('commandData'));
    case 'message':
    case 'voiceMessage':
      return textField('message', t('commandMessage'));
    case 'sosNumber':
      return (
        <>
          <TextField select={false} type="number" name="index" label={t('commandIndex')} value={draft.attributes.index ?? 1} slotProps={{ htmlInput: { min: 1, max: 3 } }} onChange={(event) => set('index', Number(event.target.value))} />
          {textField('phone', t('commandPhone'))}
        </>
      );
    case 'positionPeriodic':
      return requiredNumber('frequency', t('commandFrequency'));
    case 'setConnection':
      return (
        <>
          {textField('server', t('commandServer'))}
          {requiredNumber('port', t('commandPort'), MAX_PORT)}
        </>
      );
    case 'setSpeedLimit':
      return requiredNumber('data', t('commandSpeed'));
    case 'requestPhoto':
      return index(t('commandCameraChannel'));
    case 'outputControl':
      return index(t('commandControlFlag'));
    default:
      return null;
  }
};
