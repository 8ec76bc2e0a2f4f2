import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportFilter } from './components/report-filter';
import { ReportGrid, type ReportColumn } from './components/report-grid';
import type { StopReportItem as StopItem } from '@tracklane/domain';
import { useReportFormat } from './use-report-format';
import { useReport } from './use-report';

/** /reports/stop: one row per stop. */
export default function StopReportPage() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const columns = useMemo((): ReportColumn<StopItem>[] => [
    { field: 'startTime', header: t('reportStartTime'), value: (row) => format.time(row.startTime), flex: 1.4 },
    { field: 'startOdometer', header: t('reportStartOdometer'), value: (row) => format.distance(row.startOdometer) },
    { field: 'address', header: t('positionAddress'), value: (row) => row.address ?? '', flex: 2 },
    { field: 'endTime', header: t('reportEndTime'), value: (row) => format.time(row.endTime), flex: 1.4 },
    { field: 'duration', header: t('reportDuration'), value: (row) => format.duration(row.duration) },
    { field: 'engineHours', header: t('reportEngineHours'), value: (row) => format.duration(row.engineHours) },
    { field: 'spentFuel', header: t('reportSpentFuel'), value: (row) => format.volume(row.spentFuel) },
  ], [t, format]);
  const report = useReport<StopItem>('stops');
  return (
    <>
      <ReportFilter onRun={(params, mode) => void report.run(params, mode)} loading={report.loading} />
      <ReportGrid
        {...report}
        hidden={['address', 'spentFuel']}
        columns={columns}
      />
    </>
  );
}
