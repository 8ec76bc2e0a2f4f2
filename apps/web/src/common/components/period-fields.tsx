import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from '../report-period';

export interface PeriodValue {
  period: Period;
  from: string;
  to: string;
}

export interface PeriodFieldsProps {
  value: PeriodValue;
  onChange(value: PeriodValue): void;
}

const PERIOD_LABELS: Record<Period, string> = {
  today: 'reportToday',
  yesterday: 'reportYesterday',
  thisWeek: 'reportThisWeek',
  previousWeek: 'reportPreviousWeek',
  thisMonth: 'reportThisMonth',
  previousMonth: 'reportPreviousMonth',
  custom: 'reportCustom',
};

/** Period choice (today … previous month, custom); custom adds from and to as datetime-local inputs. */
export const PeriodFields = ({ value, onChange }: PeriodFieldsProps) => {
  const { t } = useTranslation();
  return (
    <>
      <TextField select name="period" label={t('reportPeriod')} value={value.period} onChange={(event) => onChange({ ...value, period: event.target.value as Period })}>
        {PERIODS.map((period) => <MenuItem key={period} value={period}>{t(PERIOD_LABELS[period])}</MenuItem>)}
      </TextField>
      {value.period === 'custom' && (
        <>
          <TextField type="datetime-local" name="from" label={t('reportFrom')} value={value.from} onChange={(event) => onChange({ ...value, from: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField type="datetime-local" name="to" label={t('reportTo')} value={value.to} onChange={(event) => onChange({ ...value, to: event.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        </>
      )}
    </>
  );
};
