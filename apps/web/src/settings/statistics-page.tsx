import { Alert, Box, Button, LinearProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Statistics } from '@tracklane/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatistics } from '../api/statistics';
import { PeriodFields, type PeriodValue } from '../common/components/period-fields';
import { errorMessage } from '../common/error-message';
import { formatTime } from '../common/formatters';
import { defaultCustomRange, periodRange, type TimeRange } from '../common/report-period';
import { usePreferences } from '../common/use-preferences';

type Count = Exclude<keyof Statistics, 'id' | 'attributes' | 'captureTime' | 'protocols'>;

const COUNT_COLUMNS: [Count, string][] = [
  ['activeUsers', 'statisticsActiveUsers'],
  ['activeDevices', 'statisticsActiveDevices'],
  ['requests', 'statisticsRequests'],
  ['messagesReceived', 'statisticsMessagesReceived'],
  ['messagesStored', 'statisticsMessagesStored'],
  ['mailSent', 'notificatorMail'],
  ['smsSent', 'notificatorSms'],
  ['geocoderRequests', 'statisticsGeocoder'],
  ['geolocationRequests', 'statisticsGeolocation'],
];

const sameRange = (a: TimeRange | undefined, b: TimeRange) => a?.from.getTime() === b.from.getTime() && a.to.getTime() === b.to.getTime();

/** /admin/statistics: the usage rows the server captured within a period, one per capture. */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const { timezone } = usePreferences();
  const [period, setPeriod] = useState<PeriodValue>({ period: 'today', ...defaultCustomRange() });
  const [range, setRange] = useState<TimeRange>();
  const statistics = useStatistics(range);
  const rows = statistics.data ?? [];

  const show = () => {
    const next = periodRange(period.period, period, timezone);
    if (sameRange(range, next)) void statistics.refetch();
    else setRange(next);
  };

  return (
    <Box sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', mb: 2, '& .MuiTextField-root': { minWidth: 200 } }}
        component="form"
        onSubmit={(event) => { event.preventDefault(); show(); }}
      >
        <PeriodFields value={period} onChange={setPeriod} />
        <Box>
          <Button type="submit" variant="contained" disabled={statistics.isFetching}>{t('reportShow')}</Button>
        </Box>
      </Stack>
      {statistics.isFetching && <LinearProgress />}
      {statistics.isError && <Alert severity="error">{errorMessage(statistics.error)}</Alert>}
      <TableContainer>
        <Table size="small" data-testid="statistics-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('statisticsCaptureTime')}</TableCell>
              {COUNT_COLUMNS.map(([field, label]) => <TableCell key={field} align="right">{t(label)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(row.captureTime, timezone)}</TableCell>
                {COUNT_COLUMNS.map(([field]) => <TableCell key={field} align="right">{row[field]}</TableCell>)}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {statistics.isSuccess && rows.length === 0 && <Typography color="text.secondary" sx={{ p: 2 }}>{t('statisticsNone')}</Typography>}
    </Box>
  );
}
