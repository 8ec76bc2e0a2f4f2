import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { fromKnots, type Position } from '@tracklane/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../common/formatters';
import { usePreferences } from '../common/use-preferences';
import { ReportFilter } from './components/report-filter';
import { ReportStatus } from './components/report-status';
import { downsample } from './downsample';
import { useReport } from './use-report';

const CHART_TYPES = ['speed', 'accuracy', 'altitude'] as const;
type ChartType = (typeof CHART_TYPES)[number];
const CHART_HEIGHT = 400;
/** Enough points for any screen width; more only cost time. */
const MAX_POINTS = 1500;
const CHART_LABELS = { speed: 'positionSpeed', accuracy: 'positionAccuracy', altitude: 'positionAltitude' } as const;

/** /reports/chart: speed, accuracy or altitude over fix time. */
export default function ChartReportPage() {
  const { t } = useTranslation();
  const { speedUnit, timezone } = usePreferences();
  const report = useReport<Position>('route');
  const [type, setType] = useState<ChartType>('speed');

  const points = useMemo(() => {
    const value = (position: Position) => (type === 'speed' ? fromKnots(position.speed, speedUnit) : position[type]);
    return downsample(report.rows.map((position) => ({ x: Date.parse(position.fixTime ?? ''), y: value(position) })), MAX_POINTS);
  }, [report.rows, type, speedUnit]);

  return (
    <>
      <ReportFilter onRun={(params) => void report.run(params, 'json')} loading={report.loading} withExport={false}>
        <TextField select name="chartType" label={t('reportChartType')} value={type} onChange={(event) => setType(event.target.value as ChartType)} sx={{ minWidth: 160 }}>
          {CHART_TYPES.map((chartType) => <MenuItem key={chartType} value={chartType}>{t(CHART_LABELS[chartType])}</MenuItem>)}
        </TextField>
      </ReportFilter>
      <Box sx={{ px: 2 }}>
        <ReportStatus loading={report.loading} progress={report.progress} error={report.error} />
      </Box>
      {points.length > 0 ? (
        <Box sx={{ px: 2 }} data-testid="chart">
          <LineChart
            height={CHART_HEIGHT}
            xAxis={[{ data: points.map((point) => new Date(point.x)), scaleType: 'time', valueFormatter: (date: Date) => formatTime(date, timezone, 'MM-DD HH:mm'), tickLabelStyle: { angle: -45, textAnchor: 'end', fontSize: 11 }, height: 60 }]}
            series={[{ data: points.map((point) => point.y), label: t(CHART_LABELS[type]), showMark: false, color: '#3949ab' }]}
            skipAnimation
          />
        </Box>
      ) : (
        !report.loading && !report.error && <Typography color="text.secondary" sx={{ px: 2 }}>{t('sharedNoData')}</Typography>
      )}
    </>
  );
}
