import { useTranslation } from 'react-i18next';
import { ReportFilter } from './components/report-filter';
import { ReportGrid } from './components/report-grid';
import type { SummaryReportItem as SummaryItem } from '@tracklane/domain';
import { useReportFormat } from './use-report-format';
import { useReport } from './use-report';

/** /reports/summary: one row per device, or per device and day. */
export default function SummaryReportPage() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const report = useReport<SummaryItem>('summary');
  return (
    <>
      <ReportFilter onRun={(params, mode) => void report.run(params, mode)} loading={report.loading} withDaily />
      <ReportGrid
        {...report}
        hidden={['spentFuel']}
        columns={[
          { field: 'deviceName', header: t('reportDevice'), value: (row) => row.deviceName },
          { field: 'startTime', header: t('reportStartDate'), value: (row) => format.date(row.startTime) },
          { field: 'distance', header: t('sharedDistance'), value: (row) => format.distance(row.distance) },
          { field: 'startOdometer', header: t('reportStartOdometer'), value: (row) => format.distance(row.startOdometer) },
          { field: 'endOdometer', header: t('reportEndOdometer'), value: (row) => format.distance(row.endOdometer) },
          { field: 'averageSpeed', header: t('reportAverageSpeed'), value: (row) => format.speed(row.averageSpeed) },
          { field: 'maxSpeed', header: t('reportMaximumSpeed'), value: (row) => format.speed(row.maxSpeed) },
          { field: 'engineHours', header: t('reportEngineHours'), value: (row) => format.duration(row.engineHours) },
          { field: 'spentFuel', header: t('reportSpentFuel'), value: (row) => format.volume(row.spentFuel) },
        ]}
      />
    </>
  );
}
