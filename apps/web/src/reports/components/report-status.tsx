import { Alert } from '@mui/material';
import type { ReportProgress as Progress } from '../../api/read-json-rows';
import { ReportProgress } from './report-progress';

export interface ReportStatusProps {
  loading: boolean;
  progress?: Progress;
  error?: string;
  notice?: string;
}

/** What a report run is doing or did: progress while it runs, why it failed, or where its file went. */
export const ReportStatus = ({ loading, progress, error, notice }: ReportStatusProps) => (
  <>
    {loading && <ReportProgress progress={progress} />}
    {error && <Alert severity="error" role="alert" sx={{ mb: 1 }}>{error}</Alert>}
    {notice && <Alert severity="success" sx={{ mb: 1 }}>{notice}</Alert>}
  </>
);
