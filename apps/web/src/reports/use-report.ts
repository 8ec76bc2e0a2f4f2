import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isAbort } from '../common/error-message';
import type { ReportProgress } from '../api/read-json-rows';
import { runReport, type ReportKind, type ReportMode, type ReportParams } from '../api/reports';

/** Runs one report kind: rows for the grid, progress while it runs, and what happened to exports and mails. */
export const useReport = <T,>(kind: ReportKind) => {
  const { t } = useTranslation();
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [progress, setProgress] = useState<ReportProgress>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const running = useRef<AbortController>(undefined);

  const run = async (params: ReportParams, mode: ReportMode) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setLoading(true);
    setProgress(undefined);
    setError(undefined);
    setNotice(undefined);
    const onProgress = (received: ReportProgress) => {
      if (running.current === controller) setProgress(received);
    };
    try {
      const outcome = await runReport<T>(kind, params, mode, { signal: controller.signal, onProgress });
      if (outcome.kind === 'rows') setRows(outcome.rows);
      else setNotice(outcome.kind === 'mailed' ? t('reportMailed') : t('reportDownloaded', { file: outcome.fileName }));
    } catch (failure) {
      if (!isAbort(failure)) setError(errorMessage(failure));
    } finally {
      if (running.current === controller) setLoading(false);
    }
  };

  return { rows, loading, progress, error, notice, run };
};
