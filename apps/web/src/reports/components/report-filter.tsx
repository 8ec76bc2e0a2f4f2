import { Button, Checkbox, FormControlLabel, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportMode, ReportParams } from '../../api/reports';
import { useResourceList } from '../../api/resource-api';
import { NamedMultiSelect } from '../../common/components/named-multi-select';
import { PeriodFields, type PeriodValue } from '../../common/components/period-fields';
import { defaultCustomRange, periodRange } from '../../common/report-period';
import { usePreferences } from '../../common/use-preferences';
import { useLiveStore } from '../../store/live-store';

export interface ReportFilterProps {
  onRun(params: ReportParams, mode: ReportMode): void;
  loading: boolean;
  /** Summary: offer one row per day. */
  withDaily?: boolean;
  /** Chart: JSON only. */
  withExport?: boolean;
  /** Report-specific fields (event types, chart type). */
  children?: ReactNode;
  extra?: Partial<ReportParams>;
}

/** Devices or groups, a period, and Show / Export / Email. */
export const ReportFilter = ({ onRun, loading, withDaily = false, withExport = true, children, extra }: ReportFilterProps) => {
  const { t } = useTranslation();
  const { timezone } = usePreferences();
  const selectedId = useLiveStore((state) => state.selectedId);
  const devices = useResourceList('devices').data ?? [];
  const groups = useResourceList('groups').data ?? [];
  const [deviceIds, setDeviceIds] = useState<number[]>(selectedId ? [selectedId] : []);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const [period, setPeriod] = useState<PeriodValue>({ period: 'today', ...defaultCustomRange() });
  const [daily, setDaily] = useState(false);
  const ready = deviceIds.length > 0 || groupIds.length > 0;

  const run = (mode: ReportMode) => onRun({ deviceIds, groupIds, ...periodRange(period.period, period, timezone), daily, ...extra }, mode);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }} useFlexGap>
      <NamedMultiSelect label={t('reportDevice')} options={devices} value={deviceIds} onChange={setDeviceIds} minWidth={240} />
      {groups.length > 0 && <NamedMultiSelect label={t('reportGroup')} options={groups} value={groupIds} onChange={setGroupIds} />}
      <Stack direction="row" spacing={2} sx={{ minWidth: 200 }}>
        <PeriodFields value={period} onChange={setPeriod} />
      </Stack>
      {children}
      {withDaily && <FormControlLabel control={<Checkbox checked={daily} onChange={(event) => setDaily(event.target.checked)} />} label={t('reportDaily')} />}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={!ready || loading} onClick={() => run('json')}>{t('reportShow')}</Button>
        {withExport && <Button variant="outlined" disabled={!ready || loading} onClick={() => run('xlsx')}>{t('reportExport')}</Button>}
        {withExport && <Button variant="outlined" disabled={!ready || loading} onClick={() => run('mail')}>{t('reportEmail')}</Button>}
      </Stack>
    </Stack>
  );
};
