import type { SummaryReportItem as SummaryItem } from '@tracklane/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportFilter } from './components/report-filter';
import { ReportGrid, type ReportColumn } from './components/report-grid';
import { useReportFormat } from './use-report-format';
import { useReport } from './use-report';

// the spec's summary has no device column; one report can cover several devices, so the device is
// offered as a hidden column the user can show
const HIDDEN = ['deviceName', 'spentFuel'];

/** /reports/summary: one row per device, or per device and day. */
export default function SummaryReportPage() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const columns = useMemo((): ReportColumn<SummaryItem>[] => [
    { field: 'startTime', header: t('reportStartDate'), value: (row) => format.date(row.startTime) },
    { field: 'distance', header: t('sharedDistance'), value: (row) => format.distance(row.distance) },
    { field: 'startOdometer', header: t('reportStartOdometer'), value: (row) => format.distance(row.startOdometer) },
    { field: 'endOdometer', header: t('reportEndOdometer'), value: (row) => format.distance(row.endOdometer) },
    { field: 'averageSpeed', header: t('reportAverageSpeed'), value: (row) => format.speed(row.averageSpeed) },
    { field: 'maxSpeed', header: t('reportMaximumSpeed'), value: (row) => format.speed(row.maxSpeed) },
    { field: 'engineHours', header: t('reportEngineHours'), value: (row) => format.duration(row.engineHours) },
    { field: 'spentFuel', header: t('reportSpentFuel'), value: (row) => format.volume(row.spentFuel) },
    { field: 'deviceName', header: t('reportDevice'), value: (row) => row.deviceName },
  ], [t, format]);
  const report = useReport<SummaryItem>('summary');
  return (
    <>
      <ReportFilter onRun={(params, mode) => void report.run(params, mode)} loading={report.loading} withDaily />
      <ReportGrid {...report} hidden={HIDDEN} columns={columns} />
    </>
  );
}
