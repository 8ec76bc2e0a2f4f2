import { Checkbox, FormControlLabel, TextField } from '@mui/material';
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
  sendSms: 'commandDeviceSms', deviceIdentification: 'commandDeviceIdentification', setOdometer: 'commandSetOdometer',
  alarmSos: 'commandAlarmSos', alarmBattery: 'commandAlarmBattery', alarmRemove: 'commandAlarmRemove', silenceTime: 'commandSilenceTime', alarmClock: 'commandAlarmClock',
  setPhonebook: 'commandSetPhonebook', setTimezone: 'commandSetTimezone', setIndicator: 'commandSetIndicator', getDeviceStatus: 'commandGetDeviceStatus',
  modeDeepSleep: 'commandModeDeepSleep', modePowerSaving: 'commandModePowerSaving', videoStart: 'commandVideoStart', videoStop: 'commandVideoStop',
};

/** Types whose whole content is `data` as written (a watch's silent hours, alarm clocks, phone book, indicator). */
const DATA_TYPES = new Set(['silenceTime', 'alarmClock', 'setPhonebook', 'setIndicator']);
/** Types that switch something on or off with `enable`. */
const SWITCH_TYPES = new Set(['alarmSos', 'alarmBattery', 'alarmRemove', 'modeDeepSleep', 'modePowerSaving']);
const HEX_PAIRS = /^(?:[0-9a-f]{2})+$/i;

export const commandTypeLabel = (t: TFunction, type: string): string => (TYPE_LABELS[type] ? t(TYPE_LABELS[type]) : type);

const text = (draft: CommandDraft, key: string): string => (typeof draft.attributes[key] === 'string' ? (draft.attributes[key] as string) : '');
const MAX_PORT = 65535;

/** Whether a number parameter is missing or out of its range (the server would refuse it). */
const badNumber = (draft: CommandDraft, key: string, max = Infinity): boolean => {
  const value = Number(draft.attributes[key] ?? 0);
  return !(value > 0 && value <= max);
};

const MAX_UINT32 = 0xffffffff;
/** Whether a parameter that may be 0 (an odometer value) is missing or not a whole number up to `max`. */
const badCount = (draft: CommandDraft, key: string, max = MAX_UINT32): boolean => {
  const value = String(draft.attributes[key] ?? '').trim();
  return !(/^\d+$/.test(value) && Number(value) <= max);
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
      return !text(draft, 'message').trim();
    case 'voiceMessage':
      return !text(draft, 'message').trim() && !HEX_PAIRS.test(text(draft, 'data').trim());
    case 'setTimezone':
      return !text(draft, 'timezone').trim();
    case 'sendSms':
      return !text(draft, 'phone').trim() || !text(draft, 'message').trim();
    case 'setOdometer':
      return badCount(draft, 'data');
    case 'setConnection':
      return !text(draft, 'server').trim() || badNumber(draft, 'port', MAX_PORT);
    case 'setSpeedLimit':
      return badNumber(draft, 'data');
    default:
      return DATA_TYPES.has(draft.type) && !text(draft, 'data').trim();
  }
};

/** The fields of the parameters the draft's type takes (none for engine stop and the like). */
export const CommandParameters = ({ draft, setDraft }: { draft: CommandDraft; setDraft(draft: CommandDraft): void }) => {
  const { t } = useTranslation();
  const submitted = useContext(SubmittedContext);
  const set = (key: string, value: unknown) => setDraft({ type: draft.type, attributes: { ...draft.attributes, [key]: value } });
  const textField = (key: string, label: string) => <RequiredTextField name={key} label={label} value={text(draft, key)} onChange={(event) => set(key, event.target.value)} />;
  /** A whole number the command needs, from `min` (1 unless given) up to `max`. */
  const requiredNumber = (key: string, label: string, max?: number, min = 1) => {
    const invalid = submitted && (min === 0 ? badCount(draft, key, max) : badNumber(draft, key, max));
    return (
      <TextField type="number" name={key} required label={label} value={draft.attributes[key] ?? ''} error={invalid} helperText={invalid ? t('sharedRequired') : undefined}
        slotProps={{ htmlInput: { min, max } }} onChange={(event) => set(key, event.target.value === '' ? undefined : Number(event.target.value))} />
    );
  };
  /** A whole number the command may take, 0 unless set: the index of a camera channel or output, an output's value. */
  const optionalNumber = (key: string, label: string, max = 255) => (
    <TextField type="number" name={key} label={label} value={draft.attributes[key] ?? 0} slotProps={{ htmlInput: { min: 0, max } }} onChange={(event) => set(key, Number(event.target.value))} />
  );
  /** A text the command may take, marked when `invalid`. */
  const optionalText = (key: string, label: string, invalid = false, helperText?: string) => (
    <TextField name={key} label={label} value={text(draft, key)} error={invalid} helperText={invalid ? helperText : undefined} onChange={(event) => set(key, event.target.value)} />
  );
  if (DATA_TYPES.has(draft.type)) return textField('data', t('commandData'));
  if (SWITCH_TYPES.has(draft.type)) {
    return <FormControlLabel control={<Checkbox name="enable" checked={draft.attributes.enable === true} onChange={(event) => set('enable', event.target.checked)} />} label={t('commandEnable')} />;
  }
  switch (draft.type) {
    case 'custom':
      return textField('data', t('commandData'));
    case 'message':
      return textField('message', t('commandMessage'));
    case 'voiceMessage': {
      // a text to read out (JT808), or a watch's recording
      const invalid = submitted && missingParameter(draft);
      return (
        <>
          {optionalText('message', t('commandMessage'), invalid)}
          {optionalText('data', t('commandAudioHex'), invalid, t('commandMessageOrAudio'))}
        </>
      );
    }
    case 'setTimezone':
      return (
        <>
          {textField('timezone', t('commandTimezone'))}
          {optionalText('language', t('commandLanguage'))}
        </>
      );
    case 'sendSms':
      return (
        <>
          {textField('phone', t('commandPhone'))}
          {textField('message', t('commandMessage'))}
        </>
      );
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
    case 'setOdometer':
      return requiredNumber('data', t('commandOdometer'), MAX_UINT32, 0);
    case 'configuration':
      return optionalText('data', t('commandData'));
    case 'requestPhoto':
    case 'videoStart':
    case 'videoStop':
      return optionalNumber('index', t('commandCameraChannel'));
    case 'outputControl':
      return (
        <>
          {optionalNumber('index', t('commandControlFlag'))}
          {optionalNumber('data', t('commandOutputValue'), MAX_UINT32)}
        </>
      );
    default:
      return null;
  }
};
