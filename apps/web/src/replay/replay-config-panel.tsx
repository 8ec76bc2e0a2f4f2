import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useResourceList } from '../api/resource-api';
import { PeriodFields, type PeriodValue } from '../common/components/period-fields';

export interface ReplayConfig extends PeriodValue {
  deviceId: number | '';
}

export interface ReplayConfigPanelProps {
  value: ReplayConfig;
  onChange(value: ReplayConfig): void;
  onShow(): void;
  loading: boolean;
}

/** Which device and which period to replay. */
export const ReplayConfigPanel = ({ value, onChange, onShow, loading }: ReplayConfigPanelProps) => {
  const { t } = useTranslation();
  const devices = useResourceList('devices').data ?? [];
  return (
    <Stack spacing={2} sx={{ p: 2 }} component="form" onSubmit={(event) => { event.preventDefault(); onShow(); }}>
      <TextField select name="deviceId" label={t('reportDevice')} value={devices.some((device) => device.id === value.deviceId) ? value.deviceId : ''} onChange={(event) => onChange({ ...value, deviceId: Number(event.target.value) })}>
        {devices.map((device) => <MenuItem key={device.id} value={device.id}>{device.name}</MenuItem>)}
      </TextField>
      <PeriodFields value={value} onChange={(period) => onChange({ ...value, ...period })} />
      <Button type="submit" variant="contained" disabled={value.deviceId === '' || loading}>{t('reportShow')}</Button>
    </Stack>
  );
};
