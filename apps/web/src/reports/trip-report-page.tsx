import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportFilter } from './components/report-filter';
import { ReportGrid, type ReportColumn } from './components/report-grid';
import type { TripReportItem as TripItem } from '@tracklane/domain';
import { useReportFormat } from './use-report-format';
import { useReport } from './use-report';

/** /reports/trip: one row per trip. */
export default function TripReportPage() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const columns = useMemo((): ReportColumn<TripItem>[] => [
    { field: 'startTime', header: t('reportStartTime'), value: (row) => format.time(row.startTime), flex: 1.4 },
    { field: 'startOdometer', header: t('reportStartOdometer'), value: (row) => format.distance(row.startOdometer) },
    { field: 'startAddress', header: t('reportStartAddress'), value: (row) => row.startAddress ?? '', flex: 2 },
    { field: 'endTime', header: t('reportEndTime'), value: (row) => format.time(row.endTime), flex: 1.4 },
    { field: 'endOdometer', header: t('reportEndOdometer'), value: (row) => format.distance(row.endOdometer) },
    { field: 'endAddress', header: t('reportEndAddress'), value: (row) => row.endAddress ?? '', flex: 2 },
    { field: 'distance', header: t('sharedDistance'), value: (row) => format.distance(row.distance) },
    { field: 'averageSpeed', header: t('reportAverageSpeed'), value: (row) => format.speed(row.averageSpeed) },
    { field: 'maxSpeed', header: t('reportMaximumSpeed'), value: (row) => format.speed(row.maxSpeed) },
    { field: 'duration', header: t('reportDuration'), value: (row) => format.duration(row.duration) },
    { field: 'spentFuel', header: t('reportSpentFuel'), value: (row) => format.volume(row.spentFuel) },
    { field: 'driverName', header: t('sharedDriver'), value: (row) => row.driverName ?? '' },
  ], [t, format]);
  const report = useReport<TripItem>('trips');
  return (
    <>
      <ReportFilter onRun={(params, mode) => void report.run(params, mode)} loading={report.loading} />
      <ReportGrid
        {...report}
        hidden={['startAddress', 'endAddress', 'spentFuel', 'driverName']}
        columns={columns}
      />
    </>
  );
}
