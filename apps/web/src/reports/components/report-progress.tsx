import { Box, LinearProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportProgress as Progress } from '../../api/read-json-rows';

const TICK_MS = 1000;
const BYTES_PER_KILOBYTE = 1000;

const useElapsedSeconds = () => {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return Math.floor((now - started) / TICK_MS);
};

const formatSize = (bytes: number, language: string) => {
  const megabytes = bytes >= BYTES_PER_KILOBYTE * BYTES_PER_KILOBYTE;
  const value = megabytes ? bytes / BYTES_PER_KILOBYTE ** 2 : bytes / BYTES_PER_KILOBYTE;
  return new Intl.NumberFormat(language, { style: 'unit', unit: megabytes ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(value);
};

/** A running report: how long it has taken, and once the reply streams in, the rows and bytes received so far. */
export const ReportProgress = ({ progress }: { progress?: Progress }) => {
  const { t, i18n } = useTranslation();
  const seconds = useElapsedSeconds();
  const elapsed = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(seconds);
  const text = progress && progress.bytes > 0
    ? t('reportReceived', { rows: progress.rows.toLocaleString(i18n.language), size: formatSize(progress.bytes, i18n.language), elapsed })
    : t('reportWaiting', { elapsed });
  return (
    <Box sx={{ mb: 1 }}>
      <LinearProgress aria-label={t('sharedLoading')} />
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>{text}</Typography>
    </Box>
  );
};
