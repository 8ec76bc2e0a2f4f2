import { useMemo } from 'react';
import type { Position } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { ReportFilter } from './components/report-filter';
import { ReportGrid, type ReportColumn } from './components/report-grid';
import { useReportFormat } from './use-report-format';
import { useReport } from './use-report';

/** /reports/route: every position in the period. */
export default function RouteReportPage() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const columns = useMemo((): ReportColumn<Position>[] => [
    { field: 'fixTime', header: t('positionFixTime'), value: (row) => format.time(row.fixTime), flex: 1.4 },
    { field: 'latitude', header: t('positionLatitude'), value: (row) => format.coordinate(row.latitude, 'latitude') },
    { field: 'longitude', header: t('positionLongitude'), value: (row) => format.coordinate(row.longitude, 'longitude') },
    { field: 'speed', header: t('positionSpeed'), value: (row) => format.speed(row.speed) },
    { field: 'address', header: t('positionAddress'), value: (row) => row.address ?? '', flex: 2 },
    { field: 'ignition', header: t('positionIgnition'), value: (row) => format.yesNo(row.attributes.ignition), sortBy: (row) => row.attributes.ignition as boolean | undefined },
    { field: 'totalDistance', header: t('positionTotalDistance'), value: (row) => format.distance(row.attributes.totalDistance as number | undefined), sortBy: (row) => row.attributes.totalDistance as number | undefined },
  ], [t, format]);
  const report = useReport<Position>('route');
  return (
    <>
      <ReportFilter onRun={(params, mode) => void report.run(params, mode)} loading={report.loading} />
      <ReportGrid {...report} hidden={['totalDistance']} columns={columns} />
    </>
  );
}
